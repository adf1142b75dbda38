import { CreatorApplicationScreen } from '../features/creator';

/** /creator: the header lives in the screen, which decides whether the form shows at all. */
export function CreatorApplicationPage() {
  return <CreatorApplicationScreen />;
}
