import { messages } from '@zura/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { CREATORS, NON_CREATOR, type Answer, exploreWorld } from './explore-test-kit.ts';

/**
 * Explore: creators searched by username, bio, category, tags and vibes, filtered by category
 * and sorted by relevance, newest or most followed. Its own database, so every list here holds
 * exactly the users explore-test-kit.ts makes.
 */

const { world, put, search, names, makeUser } = exploreWorld();
let t: TestApp;
let made: Record<string, TestUser>;
beforeAll(() => {
  ({ t, made } = world);
});

describe('bad input', () => {
  it.each([
    "'; drop table users; --",
    "' OR '1'='1",
    '%',
    '_',
    '%_%',
    '.*[',
    '\\',
    '\\%',
    '(a|b)+$',
    '!:*&|()<->',
    '"unterminated',
    '-',
    'ñandú 🎉',
  ])('answers 200 with sensible results for %s', async (q) => {
    const res = await search({ q, limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json<Answer>().results.map((c) => c.username);
    // Wildcards match themselves: no username holds %, ., *, [ or \, so none of these
    // lists everyone, and `_` finds only names with an underscore.
    if (q === '_') {
      expect(got.length).toBeGreaterThan(0);
      for (const name of got) expect(name).toContain('_');
      expect(got).not.toContain('sunset');
    } else {
      expect(got).not.toContain(NON_CREATOR);
      expect(got.length).toBeLessThan(Object.keys(CREATORS).length);
    }
    if (q === '%') expect(got).not.toContain('percent');
  });

  it('leaves the users table in place after a query written as SQL', async () => {
    await search({ q: "'; drop table users; --" });
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0]!.n).toBeGreaterThan(Object.keys(CREATORS).length);
    expect(await names({ q: 'gamer' })).toEqual(['gamer_kai']);
  });

  it('answers 400, never a 5xx, for a NUL character', async () => {
    const queries: Record<string, string>[] = [{ q: 'a\u0000b' }, { category: 'a\u0000b' }];
    for (const query of queries) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 400 for a query over 200 characters', async () => {
    expect((await search({ q: 'a'.repeat(200) })).statusCode).toBe(200);
    const res = await search({ q: 'a'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ q: ['Search for at most 200 characters.'] });
  });

  it('requires a signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: '/api/explore/creators/?q=sunset' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authRequired });
  });
});

describe('cards', () => {
  it('show is_following for the viewer and link to the profile by id', async () => {
    const fan = await quickUser(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/auth/users/${made.chef_lu!.id}/follow/`,
      token: fan.access,
    });
    expect(res.statusCode).toBe(200);
    const cards = (await search({ q: 'chef' }, fan)).json<Answer>().results;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      id: made.chef_lu!.id,
      username: 'chef_lu',
      is_following: true,
      is_creator: true,
      bio: 'Quick dinners.',
      category: 'food',
    });
    // The card's id opens the same profile.
    const profile = await t.request({
      method: 'GET',
      url: `/api/auth/users/${cards[0]!.id}/`,
      token: fan.access,
    });
    expect(profile.json()).toMatchObject({ username: 'chef_lu', is_following: true });
    // Someone else does not follow them.
    expect((await search({ q: 'chef' })).json<Answer>().results[0]!.is_following).toBe(false);
  });

  it('never carry another user’s email or private settings', async () => {
    const cards = (await search({ limit: 50 })).json<Answer>().results;
    for (const card of cards) {
      expect(card).not.toHaveProperty('email');
      expect(card).not.toHaveProperty('profile_password_hash');
      expect(card).not.toHaveProperty('password_hash');
    }
  });
});

describe('lists a profile hides', () => {
  it('are neither matched by a search nor by the category filter, until shown again', async () => {
    const owner = await makeUser('veiled_viola', true, {
      bio: 'Strings and things.',
      category: 'music',
      subcategories: ['Bookbinding'],
      tags: ['Zitherwork'],
      vibes: ['Quasarish'],
    });
    const hidden = { show_subcategories: false, show_tags: false, show_vibes: false };
    await put(owner, hidden);
    for (const q of ['zitherwork', 'quasarish', 'bookbinding']) {
      expect(await names({ q }), q).not.toContain('veiled_viola');
    }
    expect(await names({ category: 'Bookbinding' })).not.toContain('veiled_viola');
    // Found by name, the card does not show them either.
    const card = (await search({ q: 'veiled_viola' })).json<Answer>().results[0];
    expect(card).toMatchObject({
      username: 'veiled_viola',
      subcategories: [],
      tags: [],
      vibes: [],
    });

    // Each list is found by its own flag alone.
    for (const [flag, q] of [
      ['show_tags', 'zitherwork'],
      ['show_vibes', 'quasarish'],
      ['show_subcategories', 'bookbinding'],
    ] as const) {
      await put(owner, { ...hidden, [flag]: true });
      expect(await names({ q }), q).toContain('veiled_viola');
    }
    expect(await names({ category: 'Bookbinding' })).toContain('veiled_viola');
  });
});
