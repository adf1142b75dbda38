import { useParams } from 'react-router';
import { ProfileView } from '../features/profile';

export function ProfilePage() {
  const { userId } = useParams();
  // A new profile starts from a clean slate (tab, dialogs) rather than reusing the last one's.
  return <ProfileView key={userId ?? ''} userIdParam={userId} />;
}
