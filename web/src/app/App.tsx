import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LiveUpdates } from '../features/live';
import { AppRoutes } from './router';

export interface AppProps {
  queryClient: QueryClient;
}

/**
 * Providers around the routes (the query cache, the tab's live socket); i18n is initialised
 * before the first render (main.tsx).
 */
export function App({ queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LiveUpdates>
    </QueryClientProvider>
  );
}
