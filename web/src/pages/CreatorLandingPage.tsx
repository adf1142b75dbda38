import { CreatorLanding } from '../features/creator';

export function CreatorLandingPage() {
  return <CreatorLanding />;
}
