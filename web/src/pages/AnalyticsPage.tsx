import { AnalyticsView } from '../features/analytics/components/AnalyticsView';

export function AnalyticsPage() {
  return <AnalyticsView />;
}
