import { expect } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { startConversation } from '../../../test/messaging.ts';

/** What this suite's test files share (each builds its own app; the calls take it from `app()`). */

export const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

export function conversationsKit(app: () => TestApp) {
  async function pair() {
    const alice = await buildUser(app());
    const bob = await buildUser(app());
    const conversation = await startConversation(app(), alice, bob);
    return { alice, bob, conversation };
  }

  async function countRows(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const { rows } = await app().pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  return { pair, countRows };
}
