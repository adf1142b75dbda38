import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_SEARCH_PAGE } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { followAs } from '../../../test/mass-messages.ts';

/**
 * The audience search a creator picks mass-message recipients with, by username (issue 32): their
 * own fans only, paginated, creators only; the mass message itself still takes ids.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { results: { id: number; username: string; relation: string }[]; next: string | null };

const search = (user: TestUser, query: string) =>
  t.request({
    method: 'GET',
    url: `/api/creator/mass-messages/audience/${query}`,
    token: user.access,
  });

describe('GET /api/creator/mass-messages/audience/', () => {
  it('finds the creator’s own subscribers and followers by name, never other creators’ fans', async () => {
    const creator = await buildCreator(t, 499);
    const other = await buildCreator(t, 499);
    const tag = `aud${Date.now().toString(36)}`;
    const subscriber = await buildUser(t, { username: `${tag}_sub` });
    const follower = await buildUser(t, { username: `${tag}_fol` });
    const stranger = await buildUser(t, { username: `${tag}_other` });
    await topUp(t, subscriber, '10');
    await topUp(t, stranger, '10');
    expect((await subscribe(t, subscriber, creator)).statusCode).toBe(201);
    await followAs(t, follower, creator);
    expect((await subscribe(t, stranger, other)).statusCode).toBe(201);

    const res = await search(creator, `?q=${tag.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Page>()).toEqual({
      results: [
        { id: follower.id, username: follower.username, relation: 'follower' },
        { id: subscriber.id, username: subscriber.username, relation: 'subscriber' },
      ],
      next: null,
    });
    const all = (await search(creator, '')).json<Page>().results.map((row) => row.id);
    expect(all).not.toContain(stranger.id);
    // Wildcards are text.
    expect((await search(creator, '?q=%25')).json<Page>().results).toEqual([]);
  });

  it('pages through a large audience in username order', async () => {
    const creator = await buildCreator(t, 0);
    const tag = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < AUDIENCE_SEARCH_PAGE + 3; i++) {
      const fan = await buildUser(t, { username: `${tag}_${String(i).padStart(2, '0')}` });
      await followAs(t, fan, creator);
    }
    const first = (await search(creator, `?q=${tag}`)).json<Page>();
    expect(first.results).toHaveLength(AUDIENCE_SEARCH_PAGE);
    expect(first.next).toBe(`${tag}_${String(AUDIENCE_SEARCH_PAGE - 1).padStart(2, '0')}`);
    const second = (
      await search(creator, `?q=${tag}&after=${encodeURIComponent(first.next ?? '')}`)
    ).json<Page>();
    expect(second.results.map((row) => row.username)).toEqual(
      [20, 21, 22].map((i) => `${tag}_${i}`),
    );
    expect(second.next).toBeNull();
  });

  it('is for creators, after sign-in, and refuses bad input with 400', async () => {
    const fan = await buildUser(t);
    expect((await search(fan, '?q=a')).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'GET',
      url: '/api/creator/mass-messages/audience/?q=a',
    });
    expect(anonymous.statusCode).toBe(401);
    const creator = await buildCreator(t, 0);
    const long = await search(creator, `?q=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ q: ['Search with at most 64 characters.'] });
  });
});
