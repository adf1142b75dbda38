import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type BuiltPost, type TestUser } from '../../../test/factories.ts';
import { png, tempFiles } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { guessUntilRefused, wrongGuesses, type Attempt } from '../../../test/guessing.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

// Its own file: the budget tests make dozens of password checks, which other files need not wait on.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PER_PAIR = RATE_LIMIT_POLICIES.postUnlockPerViewerPost.points;
const PAIR_WINDOW = RATE_LIMIT_POLICIES.postUnlockPerViewerPost.windowSeconds;
const PER_VIEWER = RATE_LIMIT_POLICIES.postUnlockPerViewer.points;
const PASSWORDS_PER_USER = RATE_LIMIT_POLICIES.passwordSetPerUser.points;
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

const attemptAs =
  (viewer: TestUser, post: BuiltPost): Attempt =>
  (password) =>
    unlock(viewer, post, password);

async function uploadsOf(user: TestUser): Promise<number> {
  const { rows } = await t.pool.query(
    'SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1',
    [user.id],
  );
  return (rows[0] as { n: number }).n;
}

async function contentFor(viewer: TestUser, post: BuiltPost): Promise<unknown> {
  const res = await t.request({ method: 'GET', url: '/api/posts/?limit=50', token: viewer.access });
  return res.json().find((p: { id: number }) => p.id === post.id)?.content;
}

describe('post unlock rate limits', () => {
  it(`allows ${PER_PAIR} wrong guesses per viewer on one post, then a short cool-down there only`, async () => {
    const post = await lockedPost();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, post), PER_PAIR);

    const blocked = await unlock(viewer, post, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many unlock attempts for this post\. Please try again in \d+ seconds\.$/,
      ),
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PAIR_WINDOW);
    expect(await contentFor(viewer, post)).toBe('');

    // The cool-down is this viewer's on this post: another post opens for them, this one for others.
    expect((await unlock(viewer, await lockedPost(), PASSWORD)).statusCode).toBe(200);
    const someoneElse = await buildUser(t);
    expect((await unlock(someoneElse, post, PASSWORD)).statusCode).toBe(200);
    expect(await contentFor(someoneElse, post)).toBe('locked words');
  });

  it(`allows a viewer ${PER_VIEWER} wrong guesses over all posts, then answers 429 everywhere`, async () => {
    const viewer = await buildUser(t);
    for (let spent = 0; spent < PER_VIEWER; spent += PER_PAIR) {
      await wrongGuesses(attemptAs(viewer, await lockedPost()), PER_PAIR);
    }
    const blocked = await unlock(viewer, await lockedPost(), PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many unlock attempts\. Please try again in \d+ seconds\.$/,
      ),
    });
  });

  it('counts only wrong guesses', async () => {
    const post = await lockedPost();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, post), PER_PAIR - 1);
    expect((await unlock(viewer, post, PASSWORD)).statusCode).toBe(200);
    // The right password used no budget: the viewer's last try is still there elsewhere.
    const other = await lockedPost();
    await wrongGuesses(attemptAs(viewer, other), PER_PAIR - 1);
    expect((await unlock(viewer, other, PASSWORD)).statusCode).toBe(200);
  });

  it('gives a burst of parallel guesses no more tries than guesses one at a time', async () => {
    const post = await lockedPost();
    const viewer = await buildUser(t);
    await wrongGuesses(attemptAs(viewer, post), PER_PAIR - 1);
    const guesses = ['w1', 'w2', 'w3', 'w4', 'w5', PASSWORD];
    const answers = await Promise.all(guesses.map((guess) => unlock(viewer, post, guess)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(1);
    for (const status of statuses) expect([200, 400, 429]).toContain(status);
  });

  it('lets the right password through after ten other accounts guessed wrong until refused', async () => {
    const post = await lockedPost();
    const guessers = await Promise.all(Array.from({ length: 10 }, () => buildUser(t)));
    await Promise.all(guessers.map((guesser) => guessUntilRefused(attemptAs(guesser, post))));

    const fan = await buildUser(t);
    expect((await unlock(fan, post, PASSWORD)).statusCode).toBe(200);
    expect(await contentFor(fan, post)).toBe('locked words');
  });
});

describe('locking posts', () => {
  it(`allows ${PASSWORDS_PER_USER} locked posts an hour per author, then answers 429 and keeps nothing`, async () => {
    const author = await buildUser(t);
    for (let i = 0; i < PASSWORDS_PER_USER; i++) {
      await buildPost(t, author, { content: `locked ${i}`, password: PASSWORD });
    }
    const uploadsBefore = await uploadsOf(author);
    const tempBefore = (await tempFiles(t)).length;
    const limited = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({
        fields: {
          content: 'one too many',
          is_locked: 'true',
          password: PASSWORD,
          media_type: 'image',
        },
        files: [{ name: 'media', filename: 'image.png', content: await png(), type: 'image/png' }],
      }),
      token: author.access,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many passwords set in a short time\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(await uploadsOf(author)).toBe(uploadsBefore);
    expect((await tempFiles(t)).length).toBeLessThanOrEqual(tempBefore);
    const { rows } = await t.pool.query(
      'SELECT count(*)::int AS n FROM posts WHERE author_id = $1',
      [author.id],
    );
    expect(rows[0]).toEqual({ n: PASSWORDS_PER_USER });

    // Open posts need no hashing and still go through.
    expect((await buildPost(t, author, { content: 'open words' })).is_locked).toBe(false);
  });
});
