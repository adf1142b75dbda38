import { MarketingLanding } from '../features/landing';

export function LandingPage() {
  return <MarketingLanding />;
}
