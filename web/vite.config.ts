import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsPure } from './contracts-pure.ts';
import { firstVisitChunks } from './first-visit-chunks.ts';
import { precompress } from './precompress.ts';
import { serviceWorker } from './service-worker.ts';

/** A module of a feature (`src/features/<name>/...`). */
const FEATURE_MODULE = /[\\/]src[\\/]features[\\/]/;

/** The Node server (API, WebSocket hub, PeerJS, media) in development; `npm run dev` starts it. */
const SERVER = 'http://localhost:8080';

/**
 * react-router's package exports point at its development build in every mode; the production
 * build beside it differs only in leaving out the development warnings' code (issue 20: every
 * first visit loads the router). `npm run dev` keeps the warnings.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

const chunks = firstVisitChunks({
  entry: '/src/main.tsx',
  publicPages: [
    '/src/pages/HealthPage.tsx',
    '/src/pages/LandingPage.tsx',
    '/src/pages/LoginPage.tsx',
    '/src/pages/SignupPage.tsx',
    '/src/pages/VerifyEmailPage.tsx',
    '/src/pages/ForgotPasswordPage.tsx',
    '/src/pages/ResetPasswordPage.tsx',
    '/src/pages/OfferPage.tsx',
  ],
  shell: '/src/features/shell/index.ts',
  signedInPages: {
    feed: '/src/pages/HomePage.tsx',
    profile: '/src/pages/ProfilePage.tsx',
    post: '/src/pages/PostPage.tsx',
  },
});

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), tailwindcss(), contractsPure(), chunks.plugin, serviceWorker(), precompress()],
  server: {
    // `vite preview` reuses these (preview.proxy defaults to server.proxy).
    proxy: {
      '/api': SERVER,
      '/ws': { target: SERVER, ws: true },
      // PeerJS signalling upgrades to a WebSocket under this prefix too.
      '/peerjs': { target: SERVER, ws: true },
      '/media': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // A schema built at a module's top level is dropped when unused (see contracts-pure.ts).
        manualPureFunctions: ['z'],
        // A feature's modules only declare (components, hooks, queries): one is bundled for what
        // is imported from it. Its index.ts re-exports what other features use (issue 34), and
        // importing one name of it must not bring the rest along, into the importer's chunk.
        moduleSideEffects: (id) => (FEATURE_MODULE.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // zod in one chunk, loaded by the pages that build schemas; main.tsx configures
              // it before any of them loads (see src/lib/zod-config.ts).
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]/,
            },
            ...chunks.groups,
          ],
        },
      },
    },
  },
}));
