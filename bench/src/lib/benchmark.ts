import type { BenchmarkResult } from './report.ts';
import { removeDataDir, startServer, type RunningServer } from './server.ts';

export type BenchmarkSettings = {
  /** Seconds of load per measurement. */
  durationSeconds: number;
  /** autocannon connections for GET /api/ in the mixed benchmark. */
  mixedConnections: number;
  /** Logins per second in the mixed benchmark. */
  loginRate: number;
};

export type BenchmarkContext = BenchmarkSettings & {
  /** A running server shared by the HTTP benchmarks, started on first use. */
  server: () => Promise<RunningServer>;
  /** Sets up a signed-up account on the shared server once and answers its credentials. */
  account: () => Promise<{ email: string; password: string }>;
};

export type Benchmark = {
  name: string;
  title: string;
  run: (context: BenchmarkContext) => Promise<BenchmarkResult>;
};

const ACCOUNT = {
  username: 'bench_user',
  email: 'bench@example.com',
  password: 'bench-password-0123456789',
};

export function createContext(settings: BenchmarkSettings): BenchmarkContext & {
  close: () => Promise<void>;
} {
  let server: Promise<RunningServer> | undefined;
  let account: Promise<{ email: string; password: string }> | undefined;

  const getServer = () => {
    server ??= startServer();
    return server;
  };

  const getAccount = () => {
    account ??= (async () => {
      const { url } = await getServer();
      const response = await fetch(`${url}/api/auth/signup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ACCOUNT, password_confirm: ACCOUNT.password }),
      });
      if (response.status !== 201) {
        throw new Error(`Sign-up answered ${response.status}: ${await response.text()}`);
      }
      return { email: ACCOUNT.email, password: ACCOUNT.password };
    })();
    return account;
  };

  return {
    ...settings,
    server: getServer,
    account: getAccount,
    async close() {
      if (!server) return;
      const running = await server.catch(() => undefined);
      if (!running) return;
      await running.stop();
      await removeDataDir(running.dataDir);
    },
  };
}
