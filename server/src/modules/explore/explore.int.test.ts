import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { unlockProfile } from '../../../test/profiles.ts';
import {
  CREATORS,
  LOCKED,
  LOCKED_BIO,
  NON_CREATOR,
  type Card,
  type Answer,
  exploreWorld,
} from './explore-test-kit.ts';

/**
 * Explore: creators searched by username, bio, category, tags and vibes, filtered by category
 * and sorted by relevance, newest or most followed. Its own database, so every list here holds
 * exactly the users explore-test-kit.ts makes.
 */

const { world, search, names, creatorsBy } = exploreWorld();
let t: TestApp;
let viewer: TestUser;
let made: Record<string, TestUser>;
beforeAll(() => {
  ({ t, viewer, made } = world);
});

describe('GET /api/explore/creators/ matching', () => {
  it('lists every creator, and only creators, when there is no query', async () => {
    const got = await names({});
    expect(got.sort()).toEqual([...Object.keys(CREATORS), LOCKED].sort());
    expect(got).not.toContain(NON_CREATOR);
    expect(got).not.toContain(viewer.username);
  });

  it('without a query ranks by followers, then newest id', async () => {
    expect(await names({})).toEqual(await creatorsBy('followers_count DESC, id DESC'));
    // A query of blanks is no query.
    expect(await names({ q: '   ' })).toEqual(await creatorsBy('followers_count DESC, id DESC'));
  });

  it('matches a part of a username, in any case', async () => {
    expect((await names({ q: 'studio' })).sort()).toEqual(['studio_sunsets', 'sunset_studio']);
    expect((await names({ q: 'GAMER' })).sort()).toEqual(['gamer_kai']);
    expect(await names({ q: 'mar' })).toContain('yogi_mara');
  });

  it('matches a username with a typo by trigram similarity', async () => {
    expect(await names({ q: 'yogi_mura' })).toContain('yogi_mara');
  });

  it('matches a word of the bio', async () => {
    expect(await names({ q: 'breathwork' })).toEqual(['yogi_mara']);
    expect(await names({ q: 'Breathwork beginners' })).toEqual(['yogi_mara']);
    expect(await names({ q: 'dinners' })).toEqual(['chef_lu']);
  });

  it('matches a tag', async () => {
    expect(await names({ q: 'speedrun' })).toEqual(['gamer_kai']);
    expect(await names({ q: 'portraits' })).toEqual(['sunset_studio']);
  });

  it('matches a vibe', async () => {
    expect(await names({ q: 'chaotic' })).toEqual(['gamer_kai']);
    expect(await names({ q: 'calm' })).toEqual(['yogi_mara']);
  });

  it('matches a category and a subcategory by text', async () => {
    expect(await names({ q: 'gaming' })).toEqual(['gamer_kai']);
    expect(await names({ q: 'cosplay' })).toEqual(['gamer_kai']);
  });

  it('never lists someone who is not a creator, whatever matches', async () => {
    for (const q of ['sunset_fan', 'sunset', 'yoga', 'speedrun', 'calm', 'cosplay']) {
      expect(await names({ q })).not.toContain(NON_CREATOR);
    }
    expect(await names({ category: 'fitness' })).not.toContain(NON_CREATOR);
  });

  it('finds nothing for a word nobody uses', async () => {
    const res = await search({ q: 'zzqqxxnothing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [], next_offset: null });
  });
});

describe('category filter', () => {
  it('matches the main category and the subcategories', async () => {
    expect((await names({ category: 'fitness' })).sort()).toEqual(['chef_lu', 'yogi_mara']);
    expect(await names({ category: 'cosplay' })).toEqual(['gamer_kai']);
    expect((await names({ category: 'art' })).sort()).toEqual([
      'percent',
      'sunset',
      'sunset_studio',
    ]);
  });

  it('narrows a query', async () => {
    expect(await names({ q: 'sunset', category: 'travel' })).toEqual(
      expect.arrayContaining(['studio_sunsets', 'coastwalker']),
    );
    const got = await names({ q: 'sunset', category: 'travel' });
    expect(got).not.toContain('sunset');
    expect(got).not.toContain('sunset_studio');
  });

  it('finds nothing for a category nobody has, and an empty category is no filter', async () => {
    expect(await names({ category: 'no_such_category' })).toEqual([]);
    expect((await names({ category: '' })).length).toBe(Object.keys(CREATORS).length + 1);
  });
});

describe('locked profiles', () => {
  const HEADER_KEYS = [
    'cover_image',
    'cover_image_small',
    'id',
    'is_following',
    'is_owner',
    'is_profile_locked',
    'is_unlocked',
    'profile_image',
    'profile_image_small',
    'username',
  ];

  it('are found by username, and the card shows only the header', async () => {
    for (const q of [LOCKED, 'hidden', 'HARP']) {
      const res = await search({ q });
      expect(res.statusCode).toBe(200);
      const card = res.json<Answer>().results.find((c) => c.username === LOCKED);
      expect(card, q).toBeDefined();
      expect(Object.keys(card!).sort()).toEqual(HEADER_KEYS);
      expect(card).toMatchObject({ is_profile_locked: true, is_unlocked: false });
      expect(JSON.stringify(card)).not.toContain('Xylophonist');
    }
  });

  it('show a viewer who unlocked one what its profile page shows them, followers included', async () => {
    const fan = await quickUser(t);
    await unlockProfile(t, fan, made[LOCKED]!, 'harp password');
    const res = await search({ q: LOCKED }, fan);
    const card = res.json<Answer>().results.find((c) => c.username === LOCKED);
    const page = await t.request({
      method: 'GET',
      url: `/api/auth/users/${LOCKED}/`,
      token: fan.access,
    });
    const { is_subscribed, subscription_id, ...shown } = page.json<Card>();
    expect({ is_subscribed, subscription_id }).toEqual({
      is_subscribed: false,
      subscription_id: null,
    });
    expect(card).toEqual(shown);
    expect(card).toMatchObject({
      is_unlocked: true,
      bio: LOCKED_BIO,
      followers: expect.any(Number),
    });
  });

  it('are not found by a word of their bio, a tag or their category', async () => {
    for (const q of ['xylophonist', 'extraordinaire', 'glockenspiel', 'music']) {
      expect(await names({ q }), q).not.toContain(LOCKED);
    }
  });

  it('are not revealed by the category filter', async () => {
    expect(await names({ category: 'music' })).toEqual([]);
    expect(await names({ q: LOCKED, category: 'music' })).toEqual([]);
  });

  it('are found by the category filter for a viewer who unlocked them, and still not for others', async () => {
    const fan = await quickUser(t);
    await unlockProfile(t, fan, made[LOCKED]!, 'harp password');
    const queries: Record<string, string>[] = [
      { category: 'music' },
      { q: LOCKED, category: 'music' },
    ];
    for (const query of queries) {
      const res = await search({ limit: 50, ...query }, fan);
      expect(res.statusCode, res.body).toBe(200);
      const cards = res.json<Answer>().results;
      expect(cards.map((card) => card.username)).toEqual([LOCKED]);
      expect(cards[0]).toMatchObject({ is_unlocked: true, category: 'music', bio: LOCKED_BIO });
    }
    expect(await names({ category: 'music' })).toEqual([]);
  });
});

describe('sorting', () => {
  it('sort=newest orders by creation time, newest first', async () => {
    expect(await names({ sort: 'newest' })).toEqual(await creatorsBy('created_at DESC, id DESC'));
    // With a query, only the matches, still newest first.
    const got = await names({ q: 'sunset', sort: 'newest' });
    const expected = (await creatorsBy('created_at DESC, id DESC')).filter((n) =>
      ['sunset', 'sunset_studio', 'studio_sunsets', 'coastwalker'].includes(n),
    );
    expect(got.filter((n) => expected.includes(n))).toEqual(expected);
  });

  it('sort=followers orders by followers, most first', async () => {
    const got = await names({ sort: 'followers' });
    expect(got).toEqual(await creatorsBy('followers_count DESC, id DESC'));
    const counts = (await search({ sort: 'followers', limit: 50 }))
      .json<Answer>()
      .results.filter((c) => c.followers !== undefined)
      .map((c) => c.followers as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('sort=followers follows real follows', async () => {
    const fans = [await quickUser(t), await quickUser(t), await quickUser(t)];
    // Give percent more followers than anyone has.
    const top = (await creatorsBy('followers_count DESC'))[0]!;
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT followers_count AS n FROM users WHERE username = $1',
      [top],
    );
    await t.pool.query('UPDATE users SET followers_count = $2 - 1 WHERE id = $1', [
      made.percent!.id,
      rows[0]!.n,
    ]);
    for (const fan of fans) {
      const res = await t.request({
        method: 'POST',
        url: `/api/auth/users/${made.percent!.id}/follow/`,
        token: fan.access,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await names({ sort: 'followers' }))[0]).toBe('percent');
  });

  it('relevance puts an exact username first, ahead of more followed and wordier matches', async () => {
    // The exact match has the fewest followers of the sunset matches.
    await t.pool.query('UPDATE users SET followers_count = 0 WHERE id = $1', [made.sunset!.id]);
    await t.pool.query('UPDATE users SET followers_count = 100000 WHERE id = ANY($1)', [
      [made.sunset_studio!.id, made.coastwalker!.id],
    ]);
    for (const q of ['sunset', 'SUNSET', ' sunset ']) {
      const got = await names({ q });
      expect(got[0], q).toBe('sunset');
      expect(got).toEqual(
        expect.arrayContaining(['sunset', 'sunset_studio', 'studio_sunsets', 'coastwalker']),
      );
    }
    expect((await names({ q: 'gamer_kai' }))[0]).toBe('gamer_kai');
  });

  it('answers 400 for an unknown sort', async () => {
    for (const sort of ['popular', 'NEWEST', '']) {
      const res = await search({ sort });
      expect(res.statusCode, sort).toBe(400);
      expect(res.json()).toMatchObject({ sort: ['sort must be relevance, newest or followers.'] });
    }
  });
});

describe('paging', () => {
  it('limit and offset page through every creator once, with next_offset', async () => {
    for (const sort of ['relevance', 'newest', 'followers']) {
      const all = await names({ sort });
      const seen: string[] = [];
      let offset: number | null = 0;
      let pages = 0;
      while (offset !== null) {
        const res = await search({ sort, limit: 3, offset });
        expect(res.statusCode).toBe(200);
        const body = res.json<Answer>();
        expect(body.results.length).toBeLessThanOrEqual(3);
        seen.push(...body.results.map((c) => c.username));
        if (body.next_offset !== null) {
          expect(body.results).toHaveLength(3);
          expect(body.next_offset).toBe(offset + 3);
        }
        offset = body.next_offset;
        pages += 1;
        expect(pages).toBeLessThan(20);
      }
      expect(seen).toEqual(all);
      expect(pages).toBe(Math.ceil(all.length / 3));
    }
  });

  it('a page that ends exactly at the last creator has no next_offset', async () => {
    const total = (await names({})).length;
    const res = await search({ limit: total });
    expect(res.json<Answer>().results).toHaveLength(total);
    expect(res.json<Answer>().next_offset).toBeNull();
    const beyond = await search({ offset: total });
    expect(beyond.json()).toEqual({ results: [], next_offset: null });
  });

  it.each([
    ['limit', '0'],
    ['limit', '51'],
    ['limit', 'ten'],
    ['offset', '-1'],
    ['offset', '1.5'],
  ])('answers 400 for %s=%s', async (key, value) => {
    const res = await search({ [key]: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual([key]);
  });
});
