import { CreatorLanding } from '../features/creator/CreatorLanding';

export function CreatorLandingPage() {
  return <CreatorLanding />;
}
