import { defineConfig } from 'vitest/config';

/**
 * Three tiers. `unit` is pure code beside its module; `integration` boots the real server
 * against a real PostgreSQL (one database per test file, cloned from a migrated template);
 * `e2e` drives the built app in the system Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{server,web,contracts}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/{src,test}/**/*.int.test.ts'],
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
