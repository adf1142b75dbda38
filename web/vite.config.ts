import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsPure } from './contracts-pure.ts';
import { precompress } from './precompress.ts';
import { serviceWorker } from './service-worker.ts';
import { signedInChunk } from './signed-in-chunk.ts';

/** The Node server (API, WebSocket hub, PeerJS, media) in development; `npm run dev` starts it. */
const SERVER = 'http://localhost:8080';

const signedIn = signedInChunk({
  signedInPages: [
    '/src/features/shell/AppShell.tsx',
    '/src/pages/HomePage.tsx',
    '/src/pages/ProfilePage.tsx',
    '/src/pages/PostPage.tsx',
  ],
  publicPages: [
    '/src/main.tsx',
    '/src/pages/HealthPage.tsx',
    '/src/pages/LandingPage.tsx',
    '/src/pages/LoginPage.tsx',
    '/src/pages/SignupPage.tsx',
    '/src/pages/VerifyEmailPage.tsx',
    '/src/pages/ForgotPasswordPage.tsx',
    '/src/pages/ResetPasswordPage.tsx',
    '/src/pages/OfferPage.tsx',
  ],
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    contractsPure(),
    signedIn.plugin,
    serviceWorker(),
    precompress(),
  ],
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
      // A schema built at a module's top level is dropped when unused (see contracts-pure.ts).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // zod in one chunk, loaded by the pages that build schemas; main.tsx configures
              // it before any of them loads (see src/lib/zod-config.ts).
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]/,
            },
            signedIn.group,
          ],
        },
      },
    },
  },
});
