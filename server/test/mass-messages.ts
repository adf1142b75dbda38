import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

type Caller = Pick<TestUser, 'access'> | undefined;

/** Sends `method` with a JSON body as `user` (no token when undefined). */
export function sendAs(
  t: TestApp,
  user: Caller,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.request({
    method,
    url,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    ...(user ? { token: user.access } : {}),
  });
}

export type MassBody = {
  id: number;
  status: string;
  recipient_count: number;
  sent_count: number;
  read_count: number;
  unlocked_count: number;
  revenue_gross_cents: number;
  revenue_net_cents: number;
};

/** Creates a mass message and fails the test unless it was accepted. */
export async function createMass(t: TestApp, creator: TestUser, body: Record<string, unknown>) {
  const res = await sendAs(t, creator, 'POST', '/api/creator/mass-messages/', body);
  if (res.statusCode !== 201)
    throw new Error(`mass message refused: ${res.statusCode} ${res.body}`);
  return res.json<MassBody>();
}

/** Waits until the job has sent the mass message. */
export async function waitSent(t: TestApp, id: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await t.pool.query<{ status: string }>(
      'SELECT status FROM mass_messages WHERE id = $1',
      [id],
    );
    if (rows[0]?.status === 'sent') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mass message ${id} was not sent in time`);
}

/** Who got a copy of the mass message, one id per copy (a repeat shows up twice), sorted. */
export async function copiesTo(t: TestApp, massMessageId: number, creatorId: number) {
  const { rows } = await t.pool.query<{ id: number }>(
    `SELECT (CASE WHEN c.user_low_id = $2 THEN c.user_high_id ELSE c.user_low_id END)::int AS id
       FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.mass_message_id = $1 ORDER BY 1`,
    [massMessageId, creatorId],
  );
  return rows.map((row) => row.id);
}

export async function followAs(t: TestApp, fan: TestUser, creator: Pick<TestUser, 'id'>) {
  const res = await sendAs(t, fan, 'POST', `/api/auth/users/${creator.id}/follow/`);
  if (res.statusCode >= 300) throw new Error(`follow failed: ${res.statusCode} ${res.body}`);
}

export async function muteAs(t: TestApp, fan: TestUser, creator: Pick<TestUser, 'id'>) {
  const res = await sendAs(t, fan, 'PUT', `/api/auth/users/${creator.id}/mute/`);
  if (res.statusCode !== 200) throw new Error(`mute failed: ${res.statusCode} ${res.body}`);
}
