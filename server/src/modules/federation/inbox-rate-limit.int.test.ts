import { Like } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import { buildPost } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;

beforeAll(async () => {
  // 600 a minute scaled to 6.
  ({ t, origin } = await buildListeningApp({
    FEDERATION_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_SCALE: '0.01',
  }));
  remote = await startRemoteServer();
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

describe('inbox rate limits', () => {
  it('answers 429 with a clear body once a remote host sends too much, to any inbox', async () => {
    const creator = await buildCreator(t, 0);
    const postId = (await buildPost(t, creator, { content: 'Liked a lot' })).id;
    const inboxes = [`${origin}/ap/users/${creator.id}/inbox`, `${origin}/ap/inbox`];
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 8; i += 1) {
      const like = new Like({
        id: new URL(`/likes/flood-${i}`, remote.origin),
        actor: remote.actor(i % 2 === 0 ? 'alice' : 'mallory'),
        object: new URL(`${origin}/ap/posts/${postId}`),
      });
      last = await remote.post(inboxes[i % 2] ?? '', like, i % 2 === 0 ? 'alice' : 'mallory');
      statuses.push(last.status);
    }
    // Both actors are one host: six deliveries pass, the rest are refused before Fedify.
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await last?.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many deliveries from your server\. Please try again in \d+ seconds?\.$/,
      ),
    });
  });
});
