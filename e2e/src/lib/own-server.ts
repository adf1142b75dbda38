import { afterAll, beforeAll, inject } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { pointHelpersAt } from './server.ts';

/**
 * A server of the current describe block's own, with settings the run's server does not have
 * (e.g. media in an S3 bucket). It serves the run's snapshot of the web app; while the block
 * runs, every helper (API calls, `useBrowser()` pages, SQL) talks to it instead of the run's
 * server. `env` is called in beforeAll, so it may use what earlier hooks started.
 *
 * Call at the top of a `describe`, after the hooks that `env` depends on.
 */
export function useOwnServer(env: () => Record<string, string>): {
  readonly server: ServerProcess;
} {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServerProcess({ webDist: inject('webDist'), env: env() });
    pointHelpersAt(server);
  });
  afterAll(async () => {
    pointHelpersAt(undefined);
    await server?.stop();
    server = undefined;
  });
  return {
    get server() {
      if (!server) throw new Error('The server of this block has not started');
      return server;
    },
  };
}
