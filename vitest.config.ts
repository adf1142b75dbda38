import { defineConfig } from 'vitest/config';

/**
 * Four tiers. `unit` is pure code beside its module; `component` renders React components in
 * happy-dom with Testing Library (`*.component.test.tsx`, the network faked per test);
 * `integration` boots the real server against a real PostgreSQL (one database per test file,
 * cloned from a migrated template); `e2e` drives the built app in the system Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{server,web,contracts,sdk}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.component.test.tsx', '**/node_modules/**'],
          environment: 'node',
          // Pure code: starting a process (child_process) throws; such tests are integration's.
          setupFiles: ['vitest.unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'component',
          include: ['web/src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          // One module graph per worker instead of per file: the run takes a third of the CPU.
          // What a test leaves behind (DOM, storage, fetch, timers) is undone after every test
          // by web/test/setup.ts, and each render gets a new QueryClient and router.
          isolate: false,
          // A test takes well under a second alone; the margin is for a machine shared by many runs.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'server/{src,test}/**/*.int.test.ts',
            'sdk/src/**/*.int.test.ts',
            'scripts/**/*.int.test.ts',
          ],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.e2e.test.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
