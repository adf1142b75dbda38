import { NotFound } from '../features/shell/NotFound';

export function NotFoundPage() {
  return <NotFound />;
}
