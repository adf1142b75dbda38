import { NotificationsScreen } from '../features/notifications';

export function NotificationsPage() {
  return <NotificationsScreen />;
}
