import { AnalyticsView } from '../features/analytics';

export function AnalyticsPage() {
  return <AnalyticsView />;
}
