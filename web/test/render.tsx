import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

export interface RenderOptions {
  /** The URL the memory router starts at (default '/'). */
  route?: string;
  /** The route pattern the component is mounted on, for its params (default: `route`). */
  path?: string;
  /** Router location state of the first entry. */
  state?: unknown;
  /** Passed to userEvent.setup, e.g. `advanceTimers` when the test uses fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/** Any other route: shows where the component navigated to, for `expectNavigatedTo`. */
function NavigatedAway() {
  const location = useLocation();
  return <p data-testid="navigated-to">{location.pathname + location.search}</p>;
}

/**
 * Renders `ui` inside the app's real providers: a QueryClient with retries off (a failure shows
 * at once) and a memory router, with i18n already set up in English by setup.ts.
 */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): Rendered {
  const route = options.route ?? '/';
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  // No pause between keystrokes: nothing in the app depends on typing speed.
  const user = userEvent.setup({ delay: null, ...options.userOptions });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* Declarative routes, as the app's (src/app/router.tsx). */}
      <MemoryRouter
        initialEntries={[
          {
            pathname: route.split('?')[0] ?? '/',
            search: route.includes('?') ? `?${route.split('?')[1]}` : '',
            state: options.state,
          },
        ]}
      >
        <Routes>
          <Route path={options.path ?? route.split('?')[0]} element={ui} />
          <Route path="*" element={<NavigatedAway />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** The path the component navigated to (shown by the catch-all route). */
export async function navigatedTo(): Promise<string> {
  return (await screen.findByTestId('navigated-to')).textContent ?? '';
}
