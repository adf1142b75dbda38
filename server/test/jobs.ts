import type { TestApp } from './app.ts';

/**
 * Waits until every `name` job whose data contains `data` has finished, and fails if none was
 * queued or one failed for good. A test that checks something did NOT happen waits on this,
 * the job that would have done it, rather than sleeping for a guess at how long it takes.
 */
export async function waitForJobsDone(
  t: TestApp,
  name: string,
  data: Record<string, unknown>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.pool.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE name = $1 AND data @> $2::jsonb',
      [name, JSON.stringify(data)],
    );
    if (rows.some((row) => row.state === 'failed')) {
      throw new Error(`a ${name} job ${JSON.stringify(data)} failed`);
    }
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return;
    if (Date.now() > deadline) {
      throw new Error(`${name} ${JSON.stringify(data)} not done: ${JSON.stringify(rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
