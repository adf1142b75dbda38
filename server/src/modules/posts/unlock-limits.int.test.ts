import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type BuiltPost, type TestUser } from '../../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

// Its own file: the budget test makes a hundred password checks, which other files need not wait on.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PER_VIEWER = RATE_LIMIT_POLICIES.postUnlockPerViewer.points;
const PER_POST = RATE_LIMIT_POLICIES.postUnlockPerPost.points;
const PASSWORD = 'the right password';

async function lockedPost(): Promise<BuiltPost> {
  return buildPost(t, await buildUser(t), { content: 'locked words', password: PASSWORD });
}

function unlock(viewer: TestUser, post: BuiltPost, password: string) {
  return t.request({
    method: 'POST',
    url: `/api/posts/${post.id}/unlock/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ password }),
    token: viewer.access,
  });
}

async function wrongGuesses(viewer: TestUser, post: BuiltPost, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await unlock(viewer, post, `wrong guess ${i}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Incorrect password' });
  }
}

async function contentFor(viewer: TestUser, post: BuiltPost): Promise<unknown> {
  const res = await t.request({ method: 'GET', url: '/api/posts/?limit=50', token: viewer.access });
  return res.json().find((p: { id: number }) => p.id === post.id)?.content;
}

describe('post unlock rate limits', () => {
  it(`allows ${PER_VIEWER} wrong guesses per viewer, then answers 429 even to the right one`, async () => {
    const post = await lockedPost();
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, post, PER_VIEWER);

    const blocked = await unlock(viewer, post, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many unlock attempts\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contentFor(viewer, post)).toBe('');

    // The limit is the viewer's: blocked on another post too, while others are not.
    expect((await unlock(viewer, await lockedPost(), PASSWORD)).statusCode).toBe(429);
    const someoneElse = await buildUser(t);
    expect((await unlock(someoneElse, post, PASSWORD)).statusCode).toBe(200);
    expect(await contentFor(someoneElse, post)).toBe('locked words');
  });

  it('counts only wrong guesses', async () => {
    const [first, second] = [await lockedPost(), await lockedPost()];
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, first, PER_VIEWER - 1);
    expect((await unlock(viewer, first, PASSWORD)).statusCode).toBe(200);
    await wrongGuesses(viewer, second, 1);
    expect((await unlock(viewer, second, PASSWORD)).statusCode).toBe(429);
  });

  it('gives a burst of parallel guesses no more tries than guesses one at a time', async () => {
    const post = await lockedPost();
    const viewer = await buildUser(t);
    await wrongGuesses(viewer, post, PER_VIEWER - 1);
    const guesses = ['w1', 'w2', 'w3', 'w4', 'w5', PASSWORD];
    const answers = await Promise.all(guesses.map((guess) => unlock(viewer, post, guess)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(1);
    for (const status of statuses) expect([200, 400, 429]).toContain(status);
  });

  it(`allows ${PER_POST} wrong guesses per post across all viewers`, async () => {
    const post = await lockedPost();
    const viewers = await Promise.all(
      Array.from({ length: PER_POST / PER_VIEWER }, () => buildUser(t)),
    );
    await Promise.all(viewers.map((viewer) => wrongGuesses(viewer, post, PER_VIEWER)));

    const newcomer = await buildUser(t);
    const blocked = await unlock(newcomer, post, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many unlock attempts for this post\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(await contentFor(newcomer, post)).toBe('');

    // The newcomer's own budget is untouched: another post opens for them.
    const other = await lockedPost();
    await wrongGuesses(newcomer, other, PER_VIEWER - 1);
    expect((await unlock(newcomer, other, PASSWORD)).statusCode).toBe(200);
  });
});
