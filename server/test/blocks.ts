import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

/** Blocks `target` (id or username) as `user`; answers the response. */
export function blockRequest(
  t: TestApp,
  user: Pick<TestUser, 'access'> | undefined,
  target: number | string,
  method: 'POST' | 'DELETE' = 'POST',
) {
  return t.request({
    method,
    url: `/api/auth/users/${target}/block/`,
    ...(user ? { token: user.access } : {}),
  });
}

/** Blocks and fails the test unless the block is stored. */
export async function block(t: TestApp, user: TestUser, target: Pick<TestUser, 'id'>) {
  const res = await blockRequest(t, user, target.id);
  if (res.statusCode !== 200) throw new Error(`block failed: ${res.statusCode} ${res.body}`);
}
