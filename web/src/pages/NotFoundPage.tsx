import { NotFound } from '../ui/NotFound';

export function NotFoundPage() {
  return <NotFound />;
}
