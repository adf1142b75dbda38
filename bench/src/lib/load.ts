import http from 'node:http';
import autocannon from 'autocannon';
import { summarize, type Summary } from './stats.ts';

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  connections: number;
  durationSeconds: number;
  /** Total requests per second across all connections (open loop); unlimited when absent. */
  overallRate?: number;
  /**
   * The one status that counts as an answer (e.g. 302 for a redirect, which autocannon does not
   * follow); any 2xx when absent. Latencies are kept for these answers only.
   */
  expectStatus?: number;
};

export type LoadResult = {
  /** Mean requests per second over the run, as autocannon counts them. */
  requestsPerSecond: number;
  /** Latency of every 2xx (or expected) response, in milliseconds, sub-millisecond resolution. */
  latency: Summary;
  /** Mean response bytes per second: headers and bodies from autocannon, bodies from runGetLoop. */
  bytesPerSecond: number;
  total: number;
  /** Responses with another status than the expected one (any non-2xx when none was set). */
  unexpected: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/**
 * Runs autocannon and also records each 2xx response time itself: autocannon's own latency
 * histogram has whole-millisecond buckets, too coarse for a 20 ms target.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let unexpected = 0;
  const expected = (status: number) =>
    options.expectStatus === undefined
      ? status >= 200 && status < 300
      : status === options.expectStatus;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        connections: options.connections,
        duration: options.durationSeconds,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        ...(options.body === undefined
          ? {}
          : {
              body: JSON.stringify(options.body),
              headers: { 'content-type': 'application/json' },
            }),
        timeout: 10,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve({
          requestsPerSecond: result.requests.average,
          latency: summarize(latencies),
          bytesPerSecond: result.throughput.average,
          total: result.requests.total,
          unexpected,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (expected(statusCode)) latencies.push(responseTime);
      else unexpected += 1;
    });
  });
}

export type PacedResult = {
  sent: number;
  ok: number;
  failed: number;
  /** Status codes (or "error", "no answer in 10 s") of requests that got no 2xx, with counts. */
  failures: Record<string, number>;
  /** Requests started per second over the window. */
  sentPerSecond: number;
  /** 2xx responses per second over the window. */
  okPerSecond: number;
  latency: Summary;
};

/**
 * Sends POSTs at a fixed rate for a fixed time, open loop: a 20 ms timer starts however many
 * requests are due by the clock, so a late timer catches up instead of lowering the rate, and
 * a slow server does not slow the sender. Waits for the stragglers before answering.
 */
export async function pacedPosts(options: {
  url: string;
  body: unknown;
  ratePerSecond: number;
  durationSeconds: number;
}): Promise<PacedResult> {
  const payload = JSON.stringify(options.body);
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let ok = 0;

  const send = () => {
    const started = performance.now();
    const request = fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.ok) {
          ok += 1;
          latencies.push(performance.now() - started);
        } else {
          failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
        }
      })
      .catch((error: unknown) => {
        const cause =
          error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
        const key =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'no answer in 10 s'
            : `error ${String(cause?.code ?? (error instanceof Error ? error.message : error))}`;
        failures[key] = (failures[key] ?? 0) + 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    sent += 1;
  };

  const intervalMs = 1000 / options.ratePerSecond;
  const windowMs = options.durationSeconds * 1000;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(
        Math.floor(elapsed / intervalMs) + 1,
        Math.round(options.durationSeconds * options.ratePerSecond),
      );
      while (sent < due) send();
      if (elapsed >= windowMs) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, Math.min(20, intervalMs));
    tick();
  });
  const elapsedSeconds = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  const failed = Object.values(failures).reduce((total, count) => total + count, 0);
  return {
    sent,
    ok,
    failed,
    failures,
    sentPerSecond: sent / elapsedSeconds,
    okPerSecond: ok / elapsedSeconds,
    latency: summarize(latencies),
  };
}

/**
 * A closed-loop load of GETs on node:http (keep-alive, one socket per connection) for answers
 * with large bodies: autocannon's JavaScript HTTP parser spends far more CPU on a binary body
 * than the server does to send it (about 17 MiB/s of random bytes on this machine, against over
 * 300 MiB/s for the same size of repeated bytes), so it would measure itself. node:http parses
 * with llhttp and hands the body over in chunks that are only counted here, never copied.
 * Latency is from sending the request to the last byte of the body, like autocannon's.
 */
export async function runGetLoop(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  /** The status that counts as an answer; any 2xx when absent. */
  expectStatus?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let total = 0;
  let unexpected = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const expected = (status: number) =>
    options.expectStatus === undefined
      ? status >= 200 && status < 300
      : status === options.expectStatus;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(options.url, { agent, timeout: 10_000 }, (response) => {
        const status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          total += 1;
          if (status < 200 || status >= 300) non2xx += 1;
          if (expected(status)) latencies.push(performance.now() - started);
          else unexpected += 1;
          resolve();
        });
        response.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      request.on('timeout', () => {
        timeouts += 1;
        request.destroy();
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const started = performance.now();
  const until = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requestsPerSecond: total / seconds,
    latency: summarize(latencies),
    bytesPerSecond: bytes / seconds,
    total,
    unexpected,
    non2xx,
    errors,
    timeouts,
  };
}
