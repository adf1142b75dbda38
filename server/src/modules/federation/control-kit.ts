import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { TestUser } from '../../../test/factories.ts';

/** Helpers of the control tests (follow requests, followers, domain blocks), on one app. */
export function controlKit(t: TestApp, origin: string) {
  const actorOf = (user: TestUser) => `${origin}/ap/users/${user.id}`;

  /** Waits (bounded) until the condition holds. */
  async function until(condition: () => Promise<boolean>) {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('The condition never held');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    actorOf,
    inboxOf: (user: TestUser) => `${actorOf(user)}/inbox`,
    until,
    async followersOf(user: TestUser) {
      const { rows } = await t.pool.query<{ id: number; actor_id: string; state: string }>(
        'SELECT id::int, actor_id, state FROM remote_followers WHERE user_id = $1 ORDER BY id',
        [user.id],
      );
      return rows;
    },
    /** Until Fedify's queue holds nothing: every delivery queued so far is made. */
    queueDrained: () =>
      until(async () => {
        const { rows } = await t.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM federation_messages',
        );
        return rows[0]?.n === 0;
      }),
    /** A signed-in API call, its status checked. */
    async api<T>(
      user: TestUser | undefined,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      status = 200,
      payload?: object,
    ) {
      const res = await t.request({
        method,
        url,
        ...(user ? { token: user.access } : {}),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(status);
      return (res.body ? res.json() : undefined) as T;
    },
  };
}
