import { NotificationsScreen } from '../features/notifications/components/NotificationsScreen';

export function NotificationsPage() {
  return <NotificationsScreen />;
}
