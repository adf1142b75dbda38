import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

// Its own file: the budget test makes a hundred password checks, which other files need not wait on.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PER_VIEWER = RATE_LIMIT_POLICIES.profileUnlockPerViewer.points;
const PER_PROFILE = RATE_LIMIT_POLICIES.profileUnlockPerProfile.points;
const PASSWORD = 'the right password';

async function lockedOwner(): Promise<TestUser> {
  const owner = await buildUser(t);
  const res = await t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ is_profile_locked: true, profile_password: PASSWORD }),
    token: owner.access,
  });
  expect(res.statusCode).toBe(200);
  return owner;
}

function unlock(viewer: TestUser, owner: TestUser, password: string) {
  return t.request({
    method: 'POST',
    url: `/api/auth/users/${owner.username}/unlock/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ password }),
    token: viewer.access,
  });
}

async function wrongGuesses(viewer: TestUser, owner: TestUser, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await unlock(viewer, owner, `wrong guess ${i}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Incorrect password' });
  }
}

async function isUnlockedFor(viewer: TestUser, owner: TestUser): Promise<boolean> {
  const res = await t.request({
    method: 'GET',
    url: `/api/auth/users/${owner.id}/`,
    token: viewer.access,
  });
  return res.json().is_unlocked === true;
}

describe('profile unlock rate limits', () => {
  it(`allows ${PER_VIEWER} wrong guesses per viewer, then answers 429 even to the right one`, async () => {
    const owner = await lockedOwner();
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, owner, PER_VIEWER);

    const blocked = await unlock(viewer, owner, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many unlock attempts\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await isUnlockedFor(viewer, owner)).toBe(false);

    // The limit is the viewer's: the same viewer is blocked on another profile too, others are not.
    const other = await lockedOwner();
    expect((await unlock(viewer, other, PASSWORD)).statusCode).toBe(429);
    const someoneElse = await buildUser(t);
    expect((await unlock(someoneElse, owner, PASSWORD)).statusCode).toBe(200);
  });

  it('counts only wrong guesses', async () => {
    const [first, second] = [await lockedOwner(), await lockedOwner()];
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, first, PER_VIEWER - 1);
    expect((await unlock(viewer, first, PASSWORD)).statusCode).toBe(200);
    // The right password did not use up the last try.
    await wrongGuesses(viewer, second, 1);
    expect((await unlock(viewer, second, PASSWORD)).statusCode).toBe(429);
  });

  it('gives a burst of parallel guesses no more tries than guesses one at a time', async () => {
    const owner = await lockedOwner();
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, owner, PER_VIEWER - 1);
    // One try is left. Five wrong guesses and the right one, all at once.
    const guesses = ['w1', 'w2', 'w3', 'w4', 'w5', PASSWORD];
    const answers = await Promise.all(guesses.map((guess) => unlock(viewer, owner, guess)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(1);
    for (const status of statuses) expect([200, 400, 429]).toContain(status);
  });

  it(`allows ${PER_PROFILE} wrong guesses per profile across all viewers`, async () => {
    const owner = await lockedOwner();
    const viewers = await Promise.all(
      Array.from({ length: PER_PROFILE / PER_VIEWER }, () => buildUser(t)),
    );
    await Promise.all(viewers.map((viewer) => wrongGuesses(viewer, owner, PER_VIEWER)));

    const newcomer = await buildUser(t);
    const blocked = await unlock(newcomer, owner, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many unlock attempts for this profile\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(await isUnlockedFor(newcomer, owner)).toBe(false);

    // The newcomer's own budget is untouched: another profile opens for them.
    const other = await lockedOwner();
    await wrongGuesses(newcomer, other, PER_VIEWER - 1);
    expect((await unlock(newcomer, other, PASSWORD)).statusCode).toBe(200);
  });
});
