import { MarketingLanding } from '../features/landing/MarketingLanding';

export function LandingPage() {
  return <MarketingLanding />;
}
