import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { newClientAddress, postJson } from '../../test/auth.ts';
import { buildPost, buildUser } from '../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../lib/rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LOGINS = RATE_LIMIT_POLICIES.loginPerClient;
const limitHeaders = (headers: Record<string, unknown>) => ({
  limit: headers['ratelimit-limit'],
  remaining: headers['ratelimit-remaining'],
  reset: headers['ratelimit-reset'],
});

describe('RateLimit-* headers', () => {
  it('count a client down to its 429, whose reset is its Retry-After', async () => {
    const client = newClientAddress();
    const user = await buildUser(t);
    const attempt = (password: string) =>
      postJson(t, '/api/auth/token/', { email: user.email, password }, { remoteAddress: client });

    const first = await attempt(user.password);
    expect(first.statusCode).toBe(200);
    expect(limitHeaders(first.headers)).toMatchObject({
      limit: String(LOGINS.points),
      remaining: String(LOGINS.points - 1),
    });
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(LOGINS.windowSeconds);

    // A refusal counts too, and says so.
    const wrong = await attempt('not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['ratelimit-remaining']).toBe(String(LOGINS.points - 2));

    for (let i = 2; i < LOGINS.points; i++) await attempt(user.password);
    const limited = await attempt(user.password);
    expect(limited.statusCode).toBe(429);
    expect(limitHeaders(limited.headers)).toMatchObject({
      limit: String(LOGINS.points),
      remaining: '0',
      reset: limited.headers['retry-after'],
    });
  });

  it('never tell the silent per-account mail limit: a known and an unknown address read alike', async () => {
    const user = await buildUser(t);
    const ask = async (email: string) => {
      const client = newClientAddress();
      const answers = [];
      // Past the per-account mail limit (3 an hour): the answers must not change.
      for (let i = 0; i < 5; i++) {
        answers.push(
          await postJson(t, '/api/auth/password-reset/', { email }, { remoteAddress: client }),
        );
      }
      return answers.map((answer) => ({
        status: answer.statusCode,
        limit: answer.headers['ratelimit-limit'],
        remaining: answer.headers['ratelimit-remaining'],
      }));
    };
    const known = await ask(user.email);
    expect(known[0]).toEqual({
      status: 200,
      limit: String(RATE_LIMIT_POLICIES.resetPerClient.points),
      remaining: String(RATE_LIMIT_POLICIES.resetPerClient.points - 1),
    });
    expect(await ask(`nobody-${user.id}@example.com`)).toEqual(known);
  });

  it('are on a signed-in user’s own budget (likes) and not on pages that count nothing', async () => {
    const author = await buildUser(t);
    const { access } = await buildUser(t);
    const post = await buildPost(t, author);

    const like = await t.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/like/`,
      token: access,
    });
    expect(like.statusCode).toBeLessThan(300);
    expect(like.headers['ratelimit-limit']).toBe(String(RATE_LIMIT_POLICIES.likesPerUser.points));
    expect(like.headers['ratelimit-remaining']).toBe(
      String(RATE_LIMIT_POLICIES.likesPerUser.points - 1),
    );

    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: access });
    expect(feed.statusCode).toBe(200);
    expect(limitHeaders(feed.headers)).toEqual({
      limit: undefined,
      remaining: undefined,
      reset: undefined,
    });
  });
});
