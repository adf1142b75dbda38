// First: zod's set-up must run before any module builds a schema.
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { startSessionEffects } from './app/session-effects';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const queryClient = createQueryClient();
startSessionEffects(queryClient);
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first catalogue is in before the first render, so no key ever shows instead of its text.
// The first render is a transition, which React renders in slices that yield to the browser
// between them, instead of one long task on a slow phone (issue 20: Lighthouse's blocking time).
void initI18n().then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
