import { AdminScreen } from '../features/admin/components/AdminScreen';

/** /admin: the screen shows the 404 page to anyone who is not an admin. */
export function AdminPage() {
  return <AdminScreen />;
}
