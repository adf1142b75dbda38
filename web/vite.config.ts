import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { serviceWorker } from './service-worker.ts';

/** The Node server (API, WebSocket hub, PeerJS, media) in development; `npm run dev` starts it. */
const SERVER = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: {
    // Every `import … from 'zod'` gets zod already configured (see src/lib/zod-setup.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-setup.ts', import.meta.url)),
      },
    ],
  },
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
      output: {
        codeSplitting: {
          groups: [
            {
              // zod and its set-up in one chunk: every chunk that builds schemas imports this
              // one, so the set-up runs before any schema exists (see src/lib/zod-setup.ts).
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/,
            },
          ],
        },
      },
    },
  },
});
