import type { Benchmark, BenchmarkContext } from './lib/benchmark.ts';
import { pacedPosts, runLoad, type LoadResult } from './lib/load.ts';
import { describeCpu, watchCpu, type CpuShare } from './lib/machine.ts';
import { below, type Figure } from './lib/report.ts';

/** autocannon's default: enough to keep a 2-core server busy without a deep queue. */
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const MIXED_P99_TARGET_MS = 20;

/** Runs `work` and also answers how the machine's CPUs were shared meanwhile. */
async function withCpu<T>(work: () => Promise<T>): Promise<[T, CpuShare | undefined]> {
  const end = await watchCpu();
  const value = await work();
  return [value, await end()];
}

function cpuFigure(cpu: CpuShare | undefined, label = ''): Figure {
  if (!cpu) return { metric: `${label}CPUs busy`, value: 'unknown' };
  return {
    metric: `${label}CPUs busy`,
    value: cpu.machine * 100,
    unit: '%',
    digits: 0,
    note: describeCpu(cpu),
  };
}

function latencyFigures(result: LoadResult, label = ''): Figure[] {
  return [
    { metric: `${label}p50 latency`, value: result.latency.p50, unit: 'ms', digits: 2 },
    { metric: `${label}p90 latency`, value: result.latency.p90, unit: 'ms', digits: 2 },
    { metric: `${label}p99 latency`, value: result.latency.p99, unit: 'ms', digits: 2 },
    { metric: `${label}max latency`, value: result.latency.max, unit: 'ms', digits: 2 },
  ];
}

function problemFigure(result: LoadResult, label = ''): Figure {
  return {
    metric: `${label}requests (non-2xx / errors / timeouts)`,
    value: `${result.total.toLocaleString('en-US')} (${result.non2xx} / ${result.errors} / ${result.timeouts})`,
  };
}

async function warmUp(context: BenchmarkContext, path: string, body?: unknown): Promise<void> {
  const { url } = await context.server();
  await runLoad({
    url: `${url}${path}`,
    method: body === undefined ? 'GET' : 'POST',
    body,
    connections: CONNECTIONS,
    durationSeconds: WARM_UP_SECONDS,
  });
}

const getHealth: Benchmark = {
  name: 'get',
  title: 'GET /api/ (health check: one `select 1` against PostgreSQL)',
  async run(context) {
    const { url } = await context.server();
    await warmUp(context, '/api/');
    const [result, cpu] = await withCpu(() =>
      runLoad({
        url: `${url}/api/`,
        connections: CONNECTIONS,
        durationSeconds: context.durationSeconds,
      }),
    );
    return {
      name: this.name,
      title: this.title,
      setup: [
        `autocannon, ${CONNECTIONS} connections, ${context.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up`,
      ],
      figures: [
        { metric: 'throughput', value: result.requestsPerSecond, unit: 'req/s', digits: 0 },
        ...latencyFigures(result),
        problemFigure(result),
        cpuFigure(cpu),
      ],
    };
  },
};

const login: Benchmark = {
  name: 'login',
  title: 'POST /api/auth/token/ (Argon2id verify + refresh-token insert)',
  async run(context) {
    const { url } = await context.server();
    const account = await context.account();
    await warmUp(context, '/api/auth/token/', account);
    const [result, cpu] = await withCpu(() =>
      runLoad({
        url: `${url}/api/auth/token/`,
        method: 'POST',
        body: account,
        connections: CONNECTIONS,
        durationSeconds: context.durationSeconds,
      }),
    );
    return {
      name: this.name,
      title: this.title,
      setup: [
        `autocannon, ${CONNECTIONS} connections, ${context.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up; one account, correct password`,
      ],
      figures: [
        { metric: 'throughput', value: result.requestsPerSecond, unit: 'logins/s', digits: 1 },
        ...latencyFigures(result),
        problemFigure(result),
        cpuFigure(cpu),
      ],
    };
  },
};

const mixed: Benchmark = {
  name: 'mixed',
  title: 'GET /api/ while logins run beside it at a fixed rate (50/s by default)',
  async run(context) {
    const { url } = await context.server();
    const account = await context.account();
    const { mixedConnections, loginRate, durationSeconds } = context;
    await warmUp(context, '/api/');
    const healthLoad = { url: `${url}/api/`, connections: mixedConnections, durationSeconds };
    const [alone, aloneCpu] = await withCpu(() => runLoad(healthLoad));
    const [[beside, logins], besideCpu] = await withCpu(() =>
      Promise.all([
        runLoad(healthLoad),
        pacedPosts({
          url: `${url}/api/auth/token/`,
          body: account,
          ratePerSecond: loginRate,
          durationSeconds,
        }),
      ]),
    );
    const failures = Object.entries(logins.failures)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    const p99Target = below(beside.latency.p99, MIXED_P99_TARGET_MS, 'ms');
    return {
      name: this.name,
      title: this.title,
      setup: [
        `GET /api/: autocannon, ${mixedConnections} connections, ${durationSeconds} s, first alone, then beside the logins`,
        `logins: POST /api/auth/token/ at a fixed ${loginRate}/s (open loop, 20 ms timer) for the same ${durationSeconds} s`,
      ],
      figures: [
        {
          metric: 'GET /api/ alone: throughput',
          value: alone.requestsPerSecond,
          unit: 'req/s',
          digits: 0,
        },
        { metric: 'GET /api/ alone: p50', value: alone.latency.p50, unit: 'ms', digits: 2 },
        { metric: 'GET /api/ alone: p99', value: alone.latency.p99, unit: 'ms', digits: 2 },
        cpuFigure(aloneCpu, 'alone: '),
        {
          metric: 'GET /api/ beside logins: throughput',
          value: beside.requestsPerSecond,
          unit: 'req/s',
          digits: 0,
        },
        {
          metric: 'GET /api/ beside logins: p50',
          value: beside.latency.p50,
          unit: 'ms',
          digits: 2,
        },
        {
          metric: 'GET /api/ beside logins: p90',
          value: beside.latency.p90,
          unit: 'ms',
          digits: 2,
        },
        {
          metric: 'GET /api/ beside logins: p99',
          value: beside.latency.p99,
          unit: 'ms',
          digits: 2,
          ...(loginRate === 50 ? { target: p99Target } : {}),
        },
        {
          metric: 'GET /api/ beside logins: max',
          value: beside.latency.max,
          unit: 'ms',
          digits: 2,
        },
        problemFigure(beside, 'GET /api/ beside logins: '),
        {
          metric: 'logins sent',
          value: logins.sentPerSecond,
          unit: '/s',
          digits: 1,
          note: `${logins.sent} in all`,
        },
        {
          metric: 'logins succeeded',
          value: logins.okPerSecond,
          unit: '/s',
          digits: 1,
          note: `${logins.ok} in all`,
        },
        { metric: 'login p50', value: logins.latency.p50, unit: 'ms', digits: 2 },
        { metric: 'login p99', value: logins.latency.p99, unit: 'ms', digits: 2 },
        { metric: 'login failures', value: failures || 'none' },
        cpuFigure(besideCpu, 'beside logins: '),
      ],
    };
  },
};

export const httpBenchmarks: Benchmark[] = [getHealth, login, mixed];
