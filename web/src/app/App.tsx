import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { LiveUpdates } from '../features/live/LiveUpdates';
import type { createAppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Providers around the router (the query cache, the tab's live socket); i18n is initialised
 * before the first render (main.tsx).
 */
export function App({ queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates>
        <RouterProvider router={router} />
      </LiveUpdates>
    </QueryClientProvider>
  );
}
