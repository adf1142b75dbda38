import { DraftsView } from '../features/drafts';

export function DraftsPage() {
  return <DraftsView />;
}
