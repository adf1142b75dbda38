import type { TestApp } from './app.ts';

/**
 * The statements the app sends through its pool while `work` runs, but the job queue's own
 * polling: how many round trips a request costs.
 */
export async function statementsDuring(
  t: Pick<TestApp, 'pool'>,
  work: () => Promise<unknown>,
): Promise<string[]> {
  const sent: string[] = [];
  const original = t.pool.query.bind(t.pool);
  t.pool.query = ((config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (text && !text.includes('pgboss')) sent.push(text);
    return (original as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof t.pool.query;
  try {
    await work();
  } finally {
    t.pool.query = original;
  }
  return sent;
}

/**
 * The fewest statements of a few runs of `work`: the app's own background work (a job's
 * follow-up, a notice's reload) may send a statement of its own during one run, never in all.
 */
export async function fewestStatementsDuring(
  t: Pick<TestApp, 'pool'>,
  work: () => Promise<unknown>,
  runs = 3,
): Promise<string[]> {
  let fewest: string[] | undefined;
  for (let run = 0; run < runs; run += 1) {
    const sent = await statementsDuring(t, work);
    if (!fewest || sent.length < fewest.length) fewest = sent;
  }
  return fewest ?? [];
}
