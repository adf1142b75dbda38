import { eq, sql } from 'drizzle-orm';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import type { TestDevice } from './push-endpoint.ts';

/** Subscribes `device` for the user's current session; fails the test unless it is taken. */
export async function subscribeDevice(
  t: TestApp,
  user: Pick<TestUser, 'access'>,
  device: TestDevice,
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/push/subscriptions/',
    token: user.access,
    payload: device.subscription,
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
}

export async function subscriptionRows(t: TestApp, endpoint: string) {
  return t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Waits until every queued push job has run: nothing of `push-*` is waiting or running. */
export async function pushJobsSettled(t: TestApp): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await t.pool.query<{ count: string }>(
      `select count(*) from pgboss.job where name like 'push-%' and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]?.count === '0') return;
    if (Date.now() > deadline) throw new Error('push jobs did not settle');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const countRows = sql<number>`count(*)::int`;
