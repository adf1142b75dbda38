import { AdminScreen } from '../features/admin';

/** /admin: the screen shows the 404 page to anyone who is not an admin. */
export function AdminPage() {
  return <AdminScreen />;
}
