import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { fewestStatementsDuring } from '../../../test/statements.ts';

let t: TestApp;
let other: SecondInstance;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Listed = { id: number; is_read: boolean };

async function list(on: Pick<TestApp, 'request'>, user: TestUser, path = ''): Promise<Listed[]> {
  const res = await on.request({
    method: 'GET',
    url: `/api/notifications/${path}`,
    token: user.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Listed[]>();
}

async function follow(follower: TestUser, followed: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/users/${followed.id}/follow/`,
    token: follower.access,
  });
  expect(res.statusCode).toBeLessThan(300);
}

describe("a reader's kept first page of notifications", () => {
  it('is listed again without a round trip', async () => {
    const reader = await buildUser(t);
    await follow(await buildUser(t), reader);
    expect(await list(t, reader)).toHaveLength(1);
    // The follow's notices drop what is kept when they arrive: once they are in, it stays.
    await t.services.changes.sync();
    const sent = await fewestStatementsDuring(t, async () => {
      expect(await list(t, reader)).toHaveLength(1);
    });
    expect(sent).toEqual([]);
  });

  it('shows a notification written through another instance, and marks read there', async () => {
    const reader = await buildUser(t);
    await follow(await buildUser(t), reader);
    expect(await list(other, reader)).toHaveLength(1);
    expect(await list(other, reader, 'unread/')).toHaveLength(1);
    await follow(await buildUser(t), reader);
    expect(await list(other, reader)).toHaveLength(2);
    const marked = await t.request({
      method: 'POST',
      url: '/api/notifications/mark_all_read/',
      token: reader.access,
    });
    expect(marked.statusCode).toBe(200);
    expect(await list(other, reader, 'unread/')).toEqual([]);
    expect((await list(other, reader)).map((n) => n.is_read)).toEqual([true, true]);
  });

  it('follows rows deleted behind the platform’s back', async () => {
    const reader = await buildUser(t);
    await follow(await buildUser(t), reader);
    expect(await list(other, reader)).toHaveLength(1);
    await t.pool.query('delete from notifications where user_id = $1', [reader.id]);
    expect(await list(other, reader)).toEqual([]);
  });
});
