import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';

/**
 * The explore tests' world: a database of its own holding exactly the users made here, and the
 * calls the tests make on it. `exploreWorld()` registers the set-up in the calling test file.
 */

export type Profile = {
  bio?: string;
  category?: string;
  subcategories?: string[];
  tags?: string[];
  vibes?: string[];
};

export const CREATORS: Record<string, Profile> = {
  sunset: { bio: 'Golden hour photography from the coast.', category: 'art' },
  sunset_studio: { bio: 'A studio for portraits.', category: 'art', tags: ['portraits'] },
  studio_sunsets: { bio: 'Landscape prints.', category: 'travel' },
  yogi_mara: {
    bio: 'Morning yoga flows and breathwork for beginners.',
    category: 'fitness',
    tags: ['meditation'],
    vibes: ['calm'],
  },
  gamer_kai: {
    bio: 'Weekly streams.',
    category: 'gaming',
    subcategories: ['cosplay'],
    tags: ['speedrun'],
    vibes: ['chaotic'],
  },
  chef_lu: { bio: 'Quick dinners.', category: 'food', subcategories: ['fitness'] },
  // Says "sunset" many times, but only in the bio.
  coastwalker: { bio: 'sunset sunset sunset, every sunset at the beach.', category: 'travel' },
  percent: { bio: 'One hundred percent handmade.', category: 'art' },
};
export const LOCKED = 'hidden_harp';
export const LOCKED_BIO = 'Xylophonist extraordinaire with glockenspiel covers.';
export const NON_CREATOR = 'sunset_fan';

export type Card = { id: number; username: string; is_following: boolean; [key: string]: unknown };
export type Answer = { results: Card[]; next_offset: number | null };

/** Sets up the world for the calling test file (before its tests) and answers it with its calls. */
export function exploreWorld() {
  const world = {
    t: undefined as unknown as TestApp,
    viewer: undefined as unknown as TestUser,
    made: {} as Record<string, TestUser>,
  };

  async function put(user: TestUser, body: Record<string, unknown>) {
    const res = await world.t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function makeUser(username: string, isCreator: boolean, profile: Profile) {
    const user = await quickUser(world.t, isCreator);
    await put(user, { username, ...profile });
    world.made[username] = { ...user, username };
    return world.made[username];
  }

  beforeAll(async () => {
    world.t = await buildTestApp();
    world.viewer = await quickUser(world.t);
    for (const [username, profile] of Object.entries(CREATORS)) {
      await makeUser(username, true, profile);
    }
    await makeUser(NON_CREATOR, false, {
      bio: 'I love a sunset, yoga and breathwork, speedrun and calm vibes.',
      category: 'fitness',
      subcategories: ['cosplay'],
      tags: ['speedrun'],
      vibes: ['calm'],
    });
    const locked = await makeUser(LOCKED, true, {
      bio: LOCKED_BIO,
      category: 'music',
      tags: ['glockenspiel'],
    });
    await put(locked, { is_profile_locked: true, profile_password: 'harp password' });
    // Distinct, known creation times and follower counts: newest and followers orders are known.
    const names = [...Object.keys(CREATORS), LOCKED];
    for (const [i, name] of names.entries()) {
      await world.t.pool.query(
        `UPDATE users SET created_at = timestamptz '2026-01-01 00:00:00+00' + make_interval(days => $2),
                          followers_count = $3
          WHERE id = $1`,
        [world.made[name]!.id, i, ((i * 7) % names.length) * 10],
      );
    }
  });
  afterAll(() => world.t.close());

  function search(query: Record<string, string | number>, as: TestUser = world.viewer) {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return world.t.request({
      method: 'GET',
      url: `/api/explore/creators/?${params}`,
      token: as.access,
    });
  }

  async function names(query: Record<string, string | number>): Promise<string[]> {
    const res = await search({ limit: 50, ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>().results.map((card) => card.username);
  }

  async function creatorsBy(order: string): Promise<string[]> {
    const { rows } = await world.t.pool.query<{ username: string }>(
      `SELECT username FROM users WHERE is_creator ORDER BY ${order}`,
    );
    return rows.map((row) => row.username);
  }

  return { world, put, makeUser, search, names, creatorsBy };
}
