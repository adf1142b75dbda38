import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { controlKit } from './control-kit.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let kit: ReturnType<typeof controlKit>;
let creator: TestUser;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  kit = controlKit(t, origin);
  remote = await startRemoteServer();
  creator = await buildCreator(t, 0);
  const follow = remote.followOf(kit.actorOf(creator));
  expect((await remote.post(kit.inboxOf(creator), follow, 'alice')).status).toBe(202);
  await remote.waitFor((r) => r.type === 'Accept' && r.objectId === follow.id?.href);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const noteOf = (postId: number) => `${origin}/ap/posts/${postId}`;
const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2)}`;

async function newPost(text: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/posts/',
    ...multipart({ fields: { content: text } }),
    token: creator.access,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const setPublishing = (on: boolean) =>
  kit.api(creator, 'PUT', '/api/auth/settings/', 200, { publishToFediverse: on });

const ap = (url: string) => t.request({ url, headers: { accept: 'application/activity+json' } });

describe('the creator setting “publish my public posts to the fediverse”', () => {
  it('is on by default', async () => {
    const settings = await kit.api<{ publishToFediverse: boolean }>(
      creator,
      'GET',
      '/api/auth/settings/',
    );
    expect(settings.publishToFediverse).toBe(true);
  });

  it('off: Delete of every post sent, nothing new sent, outbox, Note and feed empty', async () => {
    const text = unique('Public post');
    const postId = await newPost(text);
    await remote.waitFor((r) => r.type === 'Create' && r.objectId === noteOf(postId));

    await setPublishing(false);
    await remote.waitFor((r) => r.type === 'Delete' && r.objectId === noteOf(postId));

    const hidden = unique('While off');
    const later = await newPost(hidden);
    await kit.until(async () => {
      const { rows } = await t.pool.query('SELECT 1 FROM federated_posts WHERE author_id = $1', [
        creator.id,
      ]);
      return rows.length === 0;
    });
    await kit.queueDrained();
    expect(remote.received.filter((r) => r.objectId === noteOf(later))).toEqual([]);

    const outbox = await ap(`/ap/users/${creator.id}/outbox`);
    expect(outbox.json()).toMatchObject({ totalItems: 0 });
    const page = await ap(`/ap/users/${creator.id}/outbox?cursor=first`);
    expect(page.json<{ orderedItems?: unknown[] }>().orderedItems ?? []).toEqual([]);
    expect((await ap(`/ap/posts/${postId}`)).statusCode).toBe(404);
    const feed = await t.request({ url: `/profile/${creator.username}/feed.atom` });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain(text);
    expect(feed.body).not.toContain(hidden);
    // The actor stays discoverable: its key verifies the Deletes already sent.
    expect((await ap(`/ap/users/${creator.id}`)).statusCode).toBe(200);
  });

  it('on again: the public posts go out again', async () => {
    const text = unique('Back on');
    await setPublishing(true);
    const postId = await newPost(text);
    await remote.waitFor((r) => r.type === 'Create' && r.objectId === noteOf(postId));
    const outbox = await ap(`/ap/users/${creator.id}/outbox`);
    expect(outbox.json<{ totalItems: number }>().totalItems).toBeGreaterThan(0);
  });
});
