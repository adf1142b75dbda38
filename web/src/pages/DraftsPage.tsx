import { DraftsView } from '../features/drafts/components/DraftsView';

export function DraftsPage() {
  return <DraftsView />;
}
