import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { guessUntilRefused, wrongGuesses, type Attempt } from '../../../test/guessing.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

// Its own file: the budget tests make dozens of password checks, which other files need not wait on.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PER_PAIR = RATE_LIMIT_POLICIES.profileUnlockPerViewerProfile.points;
const PAIR_WINDOW = RATE_LIMIT_POLICIES.profileUnlockPerViewerProfile.windowSeconds;
const PER_VIEWER = RATE_LIMIT_POLICIES.profileUnlockPerViewer.points;
const PASSWORDS_PER_USER = RATE_LIMIT_POLICIES.passwordSetPerUser.points;
const PASSWORD = 'the right password';

function updateProfile(owner: TestUser, changes: Record<string, unknown>) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(changes),
    token: owner.access,
  });
}

const lockWith = (owner: TestUser, password: string) =>
  updateProfile(owner, { is_profile_locked: true, profile_password: password });

async function lockedOwner(): Promise<TestUser> {
  const owner = await buildUser(t);
  expect((await lockWith(owner, PASSWORD)).statusCode).toBe(200);
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

const attemptAs =
  (viewer: TestUser, owner: TestUser): Attempt =>
  (password) =>
    unlock(viewer, owner, password);

async function isUnlockedFor(viewer: TestUser, owner: TestUser): Promise<boolean> {
  const res = await t.request({
    method: 'GET',
    url: `/api/auth/users/${owner.id}/`,
    token: viewer.access,
  });
  return res.json().is_unlocked === true;
}

describe('profile unlock rate limits', () => {
  it(`allows ${PER_PAIR} wrong guesses per viewer on one profile, then a short cool-down there only`, async () => {
    const owner = await lockedOwner();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, owner), PER_PAIR);

    const blocked = await unlock(viewer, owner, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many unlock attempts for this profile\. Please try again in \d+ seconds\.$/,
      ),
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PAIR_WINDOW);
    expect(await isUnlockedFor(viewer, owner)).toBe(false);

    // The cool-down is this viewer's on this profile: another profile opens for them, and this
    // one for someone else.
    expect((await unlock(viewer, await lockedOwner(), PASSWORD)).statusCode).toBe(200);
    const someoneElse = await buildUser(t);
    expect((await unlock(someoneElse, owner, PASSWORD)).statusCode).toBe(200);
  });

  it(`allows a viewer ${PER_VIEWER} wrong guesses over all profiles, then answers 429 everywhere`, async () => {
    const viewer = await buildUser(t);
    for (let spent = 0; spent < PER_VIEWER; spent += PER_PAIR) {
      await wrongGuesses(attemptAs(viewer, await lockedOwner()), PER_PAIR);
    }
    const blocked = await unlock(viewer, await lockedOwner(), PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many unlock attempts\. Please try again in \d+ seconds\.$/,
      ),
    });
  });

  it('counts only wrong guesses', async () => {
    const owner = await lockedOwner();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, owner), PER_PAIR - 1);
    expect((await unlock(viewer, owner, PASSWORD)).statusCode).toBe(200);
    // The right password used no budget: the viewer's last try is still there elsewhere.
    const other = await lockedOwner();
    await wrongGuesses(attemptAs(viewer, other), PER_PAIR - 1);
    expect((await unlock(viewer, other, PASSWORD)).statusCode).toBe(200);
  });

  it('gives a burst of parallel guesses no more tries than guesses one at a time', async () => {
    const owner = await lockedOwner();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, owner), PER_PAIR - 1);
    // One try is left. Five wrong guesses and the right one, all at once.
    const guesses = ['w1', 'w2', 'w3', 'w4', 'w5', PASSWORD];
    const answers = await Promise.all(guesses.map((guess) => unlock(viewer, owner, guess)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(1);
    for (const status of statuses) expect([200, 400, 429]).toContain(status);
  });

  it('lets the right password through after ten other accounts guessed wrong until refused', async () => {
    const owner = await lockedOwner();
    const guessers = await Promise.all(Array.from({ length: 10 }, () => buildUser(t)));
    await Promise.all(guessers.map((guesser) => guessUntilRefused(attemptAs(guesser, owner))));

    const fan = await buildUser(t);
    const res = await unlock(fan, owner, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await isUnlockedFor(fan, owner)).toBe(true);
  });
});

describe('setting profile passwords', () => {
  it(`allows ${PASSWORDS_PER_USER} new passwords an hour per user, then answers 429`, async () => {
    const owner = await buildUser(t);
    for (let i = 0; i < PASSWORDS_PER_USER; i++) {
      expect((await lockWith(owner, `password number ${i}`)).statusCode).toBe(200);
    }
    const limited = await lockWith(owner, 'one password too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many passwords set in a short time\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The refused password was not set: the last one set still opens the profile.
    const viewer = await buildUser(t);
    expect((await unlock(viewer, owner, 'one password too many')).statusCode).toBe(400);
    expect(
      (await unlock(viewer, owner, `password number ${PASSWORDS_PER_USER - 1}`)).statusCode,
    ).toBe(200);
    // Only new passwords count: the rest of the profile still saves.
    expect((await updateProfile(owner, { bio: 'Still editing' })).statusCode).toBe(200);
  });
});
