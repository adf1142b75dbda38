import type { TestApp } from '../../../test/app.ts';
import type { TestUser } from '../../../test/factories.ts';

/** What both creator-application test files ask the server and the database. */

export const statusOf = (t: TestApp, user: TestUser | undefined) =>
  t.request({
    method: 'GET',
    url: '/api/auth/creator-application/',
    ...(user ? { token: user.access } : {}),
  });

export const ownProfile = async (t: TestApp, user: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access })).json();

export async function applicationCount(t: TestApp, user: TestUser): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM creator_applications WHERE user_id = $1',
    [user.id],
  );
  return rows[0]?.n ?? 0;
}

export async function uploadCount(t: TestApp, user: TestUser): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1',
    [user.id],
  );
  return rows[0]?.n ?? 0;
}

/** The upload id inside a signed media URL such as `/media/<id>/original?exp=..&sig=..`. */
export const uploadIdOf = (url: string) => /^\/media\/([0-9a-f-]{36})\/original\?/.exec(url)?.[1];
