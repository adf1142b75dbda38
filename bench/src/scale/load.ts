import autocannon from 'autocannon';
import { describeCpu, watchCpu, type CpuShare } from '../lib/machine.ts';
import type { Figure } from '../lib/report.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export type HeaderLoadResult = {
  requestsPerSecond: number;
  latency: Summary;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  cpu: CpuShare | undefined;
};

/**
 * autocannon against one GET with request headers (an Authorization bearer token), recording
 * every 2xx response time itself like lib/load.ts does (autocannon's histogram has 1 ms buckets).
 */
export async function loadWithHeaders(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}): Promise<HeaderLoadResult> {
  const latencies: number[] = [];
  const endCpu = await watchCpu();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: 'GET',
        headers: options.headers ?? {},
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
      },
      (error: unknown, value: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(value);
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  return {
    requestsPerSecond: result.requests.average,
    latency: summarize(latencies),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: await endCpu(),
  };
}

/** The usual figures of one load run, each metric prefixed with `label`. */
export function loadFigures(
  label: string,
  result: HeaderLoadResult,
  targets: { rps?: Figure['target']; p50?: Figure['target']; p99?: Figure['target'] } = {},
): Figure[] {
  return [
    {
      metric: `${label}: throughput`,
      value: result.requestsPerSecond,
      unit: 'req/s',
      digits: 0,
      ...(targets.rps ? { target: targets.rps } : {}),
    },
    {
      metric: `${label}: p50`,
      value: result.latency.p50,
      unit: 'ms',
      digits: 2,
      ...(targets.p50 ? { target: targets.p50 } : {}),
    },
    {
      metric: `${label}: p99`,
      value: result.latency.p99,
      unit: 'ms',
      digits: 2,
      ...(targets.p99 ? { target: targets.p99 } : {}),
      note: `p90 ${result.latency.p90.toFixed(2)} ms, max ${result.latency.max.toFixed(1)} ms`,
    },
    {
      metric: `${label}: requests (non-2xx / errors / timeouts)`,
      value: `${result.total.toLocaleString('en-US')} (${result.non2xx} / ${result.errors} / ${result.timeouts})`,
      note: describeCpu(result.cpu),
    },
  ];
}

export function atLeast(value: number, limit: number, unit: string) {
  return { text: `>= ${limit.toLocaleString('en-US')} ${unit}`, met: value >= limit };
}
