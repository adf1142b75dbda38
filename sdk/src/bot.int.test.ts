import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../docs/examples/bot/bot.ts';
import { buildTestApp, type TestApp } from '../../server/test/app.ts';
import { jwtPayload } from '../../server/test/auth.ts';
import { buildUser, type TestUser } from '../../server/test/factories.ts';
import { listen } from '../../server/test/sockets.ts';
import {
  createZuraClient,
  formData,
  orThrow,
  pages,
  signIn,
  ZuraApiError,
  type Tokens,
  type ZuraClient,
} from './index.ts';

/**
 * The SDK and the bot example against the real server, over real HTTP: what a third party
 * gets from a running instance.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = (await listen(t.app)).http;
});
afterAll(() => t.close());

/** Every request a client sent, as `METHOD /path status`, by a recording fetch. */
function recorder() {
  const sent: string[] = [];
  return {
    sent,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      sent.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
      return response;
    },
  };
}

async function tokensOf(user: TestUser): Promise<Tokens> {
  const signedIn = await signIn(baseUrl, user.email, user.password);
  if (signedIn.status !== 'signed_in') throw new Error('unexpected two-factor challenge');
  return signedIn;
}

async function clientOf(user: TestUser): Promise<ZuraClient> {
  const tokens = await tokensOf(user);
  return createZuraClient({ baseUrl, accessToken: tokens.access, refreshToken: tokens.refresh });
}

/** The access token's claims signed again with an expiry an hour ago: valid but expired. */
function expiredCopy(access: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...jwtPayload(access), iat: now - 7200, exp: now - 3600 };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  const signature = createHmac('sha256', t.secrets.jwtKey).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

const inADay = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

describe('the bot example', () => {
  it('thanks a fan for a new message and schedules its post, once', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const fanClient = await clientOf(fan);
    const conversation = orThrow(
      await fanClient.POST('/api/messaging/conversations/start_conversation/', {
        body: { recipient_id: creator.id },
      }),
    );
    orThrow(
      await fanClient.POST('/api/messaging/conversations/{id}/send_message/', {
        params: { path: { id: conversation.id } },
        body: { text: 'Love your work!' },
      }),
    );

    const bot = await clientOf(creator);
    const text = `A scheduled note ${Date.now()}`;
    const pass = await runOnce(bot, { scheduledPost: { text, publishAt: inADay() } });
    expect(pass.replied).toEqual([conversation.id]);
    expect(pass.scheduledPostId).toEqual(expect.any(Number));

    // The fan really got the reply: read through the API as the fan.
    const messages = orThrow(
      await fanClient.GET('/api/messaging/conversations/{id}/messages/', {
        params: { path: { id: conversation.id } },
      }),
    );
    expect(messages.map((message) => [message.sender, message.text])).toEqual([
      [fan.id, 'Love your work!'],
      [creator.id, `Thank you for your message, ${fan.username}! I read every one.`],
    ]);
    // And the post is in the creator's schedule.
    const queue = orThrow(await bot.GET('/api/posts/scheduled/'));
    expect(queue).toEqual([
      expect.objectContaining({ id: pass.scheduledPostId, content: text, is_draft: true }),
    ]);
    expect(queue[0]?.publish_at).toEqual(expect.any(String));

    // A second pass finds nothing new: no second thanks, no second post.
    expect(await runOnce(bot, { scheduledPost: { text, publishAt: inADay() } })).toEqual({
      replied: [],
    });
    expect(orThrow(await bot.GET('/api/posts/scheduled/'))).toHaveLength(1);
  });
});

describe('the SDK', () => {
  it('refreshes an expired access token once and sends the request again', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const tokens = await tokensOf(creator);
    const renewed: Tokens[] = [];
    const { sent, fetch } = recorder();
    const client = createZuraClient({
      baseUrl,
      accessToken: expiredCopy(tokens.access),
      refreshToken: tokens.refresh,
      onTokens: (pair) => {
        renewed.push(pair);
      },
      fetch,
    });
    // A multipart body too: the retry sends it again from a copy.
    const text = `Sent twice, stored once ${Date.now()}`;
    const created = orThrow(
      await client.POST('/api/posts/', {
        body: { content: text, publish_at: inADay().toISOString() },
        bodySerializer: formData,
      }),
    );
    expect(created.content).toBe(text);
    expect(sent).toEqual([
      'POST /api/posts/ 401',
      'POST /api/auth/token/refresh/ 200',
      'POST /api/posts/ 201',
    ]);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]?.refresh).not.toBe(tokens.refresh);

    // The new pair is used from then on: no refresh.
    const profile = orThrow(await client.GET('/api/auth/profile/'));
    expect(profile.id).toBe(creator.id);
    expect(sent.slice(3)).toEqual(['GET /api/auth/profile/ 200']);
  });

  it('shares one refresh among concurrent 401s (the refresh token rotates)', async () => {
    const user = await buildUser(t);
    const tokens = await tokensOf(user);
    const { sent, fetch } = recorder();
    const client = createZuraClient({
      baseUrl,
      accessToken: expiredCopy(tokens.access),
      refreshToken: tokens.refresh,
      fetch,
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.GET('/api/auth/profile/').then(orThrow)),
    );
    expect(answers.map((answer) => answer.id)).toEqual([user.id, user.id, user.id]);
    expect(sent.filter((line) => line.includes('/refresh/'))).toEqual([
      'POST /api/auth/token/refresh/ 200',
    ]);
  });

  it('gives up after one refresh that fails, with the server’s code', async () => {
    const { sent, fetch } = recorder();
    const client = createZuraClient({
      baseUrl,
      accessToken: 'not-a-token',
      refreshToken: 'not-a-refresh-token',
      fetch,
    });
    const answer = await client.GET('/api/auth/profile/');
    expect(() => orThrow(answer)).toThrow(
      expect.objectContaining({ status: 401, code: 'token_not_valid' }),
    );
    expect(sent).toEqual(['GET /api/auth/profile/ 401', 'POST /api/auth/token/refresh/ 401']);
  });

  it('signs in to a typed result and refuses a wrong password with ZuraApiError', async () => {
    const user = await buildUser(t);
    expect(await signIn(baseUrl, user.email, user.password)).toMatchObject({
      status: 'signed_in',
      access: expect.any(String),
      refresh: expect.any(String),
    });
    const refused = await signIn(baseUrl, user.email, 'not the password').catch((e) => e);
    expect(refused).toBeInstanceOf(ZuraApiError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it('carries a validation error’s code and fields in ZuraApiError', async () => {
    const creator = await clientOf(await buildUser(t, { isCreator: true }));
    const answer = await creator.POST('/api/posts/', {
      body: { content: 'Too late', publish_at: '2020-01-01T00:00:00Z' },
      bodySerializer: formData,
    });
    let error: unknown;
    try {
      orThrow(answer);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ZuraApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { publish_at: ['publish_at must be in the future.'] },
    });
  });

  it('follows Link rel="next" across pages of a list', async () => {
    const fan = await buildUser(t);
    const client = await clientOf(fan);
    const others = await Promise.all([1, 2, 3].map(() => buildUser(t)));
    for (const other of others) {
      orThrow(
        await client.POST('/api/messaging/conversations/start_conversation/', {
          body: { recipient_id: other.id },
        }),
      );
    }
    const seen: number[][] = [];
    for await (const page of pages((next) =>
      client.GET('/api/messaging/conversations/', { params: { query: { limit: 2 } }, ...next }),
    )) {
      seen.push(page.map((conversation) => conversation.other_user.id ?? 0));
    }
    expect(seen.map((page) => page.length)).toEqual([2, 1]);
    expect(seen.flat().sort()).toEqual(others.map((other) => other.id).sort());
  });

  it('refuses to follow a next link to another origin, so the token stays home', async () => {
    const elsewhere = await fakeServer(() => ({ body: '[]' }));
    const instance = await fakeServer(() => ({
      body: '[]',
      link: `<${elsewhere.url}/api/messaging/conversations/?before=x>; rel="next"`,
    }));
    try {
      const client = createZuraClient({ baseUrl: instance.url, accessToken: 'secret' });
      const seen: unknown[] = [];
      const walk = async () => {
        for await (const page of pages((next) =>
          client.GET('/api/messaging/conversations/', { ...next }),
        )) {
          seen.push(page);
        }
      };
      await expect(walk()).rejects.toThrow(/Refusing to follow/);
      expect(seen).toEqual([[]]);
      expect(instance.authorizations).toEqual(['Bearer secret']);
      expect(elsewhere.authorizations).toEqual([]);
      // A call sent to another address by its own `baseUrl` goes without the token.
      await client.GET('/api/messaging/conversations/', { baseUrl: elsewhere.url });
      expect(elsewhere.authorizations).toEqual(['(none)']);
    } finally {
      await instance.close();
      await elsewhere.close();
    }
  });
});

/** A local HTTP server answering every request with JSON and recording its Authorization. */
async function fakeServer(answer: () => { body: string; link?: string }) {
  const authorizations: string[] = [];
  const server = http.createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '(none)');
    const { body, link } = answer();
    response.writeHead(200, { 'content-type': 'application/json', ...(link ? { link } : {}) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
