import {
  Announce,
  Create,
  Delete,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import type { PresentedPost, RemoteAccount, RemoteFollow } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { instantOf } from './objects.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let viewer: TestUser;
/** A user who follows nobody remote: their feed is the one it always was. */
let bystander: TestUser;
let aliceFollow: RemoteFollow;
/** The id of the `Follow` the stand-in received, which the `Undo` must name. */
let sentFollowId: string | undefined;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  remote = await startRemoteServer();
  viewer = await buildUser(t);
  bystander = await buildUser(t);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const sharedInbox = () => `${origin}/ap/inbox`;
const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2)}`;

/** Waits (bounded) until the condition holds. */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const queueDrained = () =>
  until(async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    return rows[0]?.n === 0;
  });

async function storedPost(uri: string) {
  const { rows } = await t.pool.query<{ content: string; content_warning: string | null }>(
    'SELECT content, content_warning FROM remote_posts WHERE uri = $1',
    [uri],
  );
  return rows[0];
}

async function followState(user: TestUser, actorUri: string) {
  const { rows } = await t.pool.query<{ state: string }>(
    `SELECT f.state FROM remote_follows f JOIN remote_actors a ON a.id = f.remote_actor_id
      WHERE f.user_id = $1 AND a.uri = $2`,
    [user.id, actorUri],
  );
  return rows[0]?.state;
}

async function homeFeed(user: TestUser) {
  const res = await t.request({ url: '/api/posts/?source=following', token: user.access });
  expect(res.statusCode).toBe(200);
  return res.json<PresentedPost[]>();
}

let notes = 0;
/** A public note by one of the stand-in's actors, as Mastodon words it (HTML). */
function noteBy(name: string, content: string, extra: { summary?: string } = {}) {
  notes += 1;
  return new Note({
    id: new URL(`/users/${name}/statuses/${notes}`, remote.origin),
    attribution: remote.actor(name),
    to: PUBLIC_COLLECTION,
    content,
    url: new URL(`/@${name}/${notes}`, remote.origin),
    published: instantOf(new Date()),
    ...(extra.summary ? { summary: extra.summary } : {}),
  });
}

function createOf(note: Note, name: string) {
  return new Create({
    id: new URL(`${note.id?.href ?? ''}/activity`),
    actor: remote.actor(name),
    to: PUBLIC_COLLECTION,
    object: note,
  });
}

describe('following a remote account (a Fedify server playing Mastodon)', () => {
  it('refuses a lookup that is not an account, and answers 404 for one that is nowhere', async () => {
    const bad = await t.request({
      url: `/api/federation/lookup/?q=${encodeURIComponent('not a handle')}`,
      token: viewer.access,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('@name@host');
    const missing = await t.request({
      url: `/api/federation/lookup/?q=${encodeURIComponent(`${remote.origin}/users/nobody`)}`,
      token: viewer.access,
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.request({ url: '/api/federation/lookup/?q=x' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('looks the account up and shows that the viewer does not follow it yet', async () => {
    const res = await t.request({
      url: `/api/federation/lookup/?q=${encodeURIComponent(remote.actor('alice').href)}`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RemoteAccount>()).toMatchObject({
      handle: `@alice@${new URL(remote.origin).host}`,
      uri: remote.actor('alice').href,
      follow_state: 'none',
      follow_id: null,
    });
  });

  it('sends a signed Follow, pending until the remote’s Accept, then listed as accepted', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/federation/follows/',
      payload: { handle: remote.actor('alice').href },
      token: viewer.access,
    });
    expect(res.statusCode).toBe(201);
    aliceFollow = res.json<RemoteFollow>();
    expect(aliceFollow.account.handle).toContain('@alice@');
    // The stand-in verified the Follow's signature against the viewer's key before recording it.
    const follow = await remote.waitFor((r) => r.type === 'Follow' && r.inbox === 'alice');
    expect(follow.objectId).toBe(remote.actor('alice').href);
    sentFollowId = follow.id;
    await until(async () => (await followState(viewer, remote.actor('alice').href)) === 'accepted');

    const list = await t.request({ url: '/api/federation/follows/', token: viewer.access });
    expect(list.json<{ results: RemoteFollow[] }>().results).toMatchObject([
      { id: aliceFollow.id, state: 'accepted', account: { follow_state: 'accepted' } },
    ]);
    const following = await t.request({
      url: `/ap/users/${viewer.id}/following?cursor=first`,
      headers: { accept: 'application/activity+json' },
    });
    expect(JSON.stringify(following.json())).toContain(remote.actor('alice').href);
  });

  it('forgets a follow the remote rejects', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/federation/follows/',
      payload: { handle: remote.actor('mallory').href },
      token: viewer.access,
    });
    expect(res.statusCode).toBe(201);
    await remote.waitFor((r) => r.type === 'Follow' && r.inbox === 'mallory');
    await until(
      async () => (await followState(viewer, remote.actor('mallory').href)) === undefined,
    );
  });

  it('stores a followed account’s public note as text and shows it in the home feed with its origin', async () => {
    const own = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({ fields: { content: unique('my own post') } }),
      token: viewer.access,
    });
    expect(own.statusCode).toBe(201);
    const note = noteBy(
      'alice',
      '<p>Hello <b>fediverse</b> &amp; friends</p><script>alert(1)</script>',
    );
    const delivered = await remote.post(sharedInbox(), createOf(note, 'alice'), 'alice');
    expect(delivered.status).toBe(202);
    await until(async () => (await storedPost(note.id?.href ?? '')) !== undefined);
    expect(await storedPost(note.id?.href ?? '')).toMatchObject({
      content: 'Hello fediverse & friends',
    });

    const feed = await homeFeed(viewer);
    // Newest first: the remote note came after the viewer's own post.
    expect(feed[0]).toMatchObject({
      content: 'Hello fediverse & friends',
      user_avatar: null,
      origin: {
        handle: `@alice@${new URL(remote.origin).host}`,
        url: note.url?.href,
      },
    });
    expect(feed[1]?.origin).toBeUndefined();
    expect((await homeFeed(bystander)).some((post) => post.origin)).toBe(false);
  });

  it('does not store a note from an account nobody here follows, nor one posing as another', async () => {
    const stranger = noteBy('mallory', 'Buy my stuff');
    expect(
      (await remote.post(sharedInbox(), createOf(stranger, 'mallory'), 'mallory')).status,
    ).toBe(202);
    // Mallory signs a Create of a note attributed to alice.
    const forged = noteBy('alice', 'I am alice, honest');
    const posing = new Create({
      id: new URL(`${forged.id?.href ?? ''}/forged`),
      actor: remote.actor('mallory'),
      object: forged,
    });
    expect((await remote.post(sharedInbox(), posing, 'mallory')).status).toBe(202);
    await queueDrained();
    expect(await storedPost(stranger.id?.href ?? '')).toBeUndefined();
    expect(await storedPost(forged.id?.href ?? '')).toBeUndefined();
  });

  it('applies the author’s Update and Delete, and no one else’s', async () => {
    const note = noteBy('alice', '<p>First words</p>');
    await remote.post(sharedInbox(), createOf(note, 'alice'), 'alice');
    const uri = note.id?.href ?? '';
    await until(async () => (await storedPost(uri)) !== undefined);

    const edited = note.clone({ content: '<p>Better words</p>', summary: 'spoilers' });
    const update = new Update({
      id: new URL(`${uri}#update`),
      actor: remote.actor('alice'),
      object: edited,
    });
    expect((await remote.post(sharedInbox(), update, 'alice')).status).toBe(202);
    await until(async () => (await storedPost(uri))?.content === 'Better words');
    expect((await storedPost(uri))?.content_warning).toBe('spoilers');

    const notHers = new Delete({
      id: new URL(`${uri}#mallory-delete`),
      actor: remote.actor('mallory'),
      object: new Tombstone({ id: new URL(uri) }),
    });
    await remote.post(sharedInbox(), notHers, 'mallory');
    await queueDrained();
    expect(await storedPost(uri)).toBeDefined();

    const remove = new Delete({
      id: new URL(`${uri}#delete`),
      actor: remote.actor('alice'),
      object: new Tombstone({ id: new URL(uri) }),
    });
    await remote.post(sharedInbox(), remove, 'alice');
    await until(async () => (await storedPost(uri)) === undefined);
    expect((await homeFeed(viewer)).some((post) => post.origin?.url === note.url?.href)).toBe(
      false,
    );
  });

  it('shows a followed account’s boost of another account’s note, fetched from its origin', async () => {
    const original = noteBy('mallory', '<p>Mallory’s real words</p>');
    remote.publish(original);
    const uri = original.id?.href ?? '';
    // Alice embeds a copy with other words: the note is fetched from its server instead.
    const forgedCopy = original.clone({ content: '<p>Words put in her mouth</p>' });
    const announce = new Announce({
      id: new URL(`${remote.actor('alice').href}/boosts/1`),
      actor: remote.actor('alice'),
      object: forgedCopy,
      to: PUBLIC_COLLECTION,
      published: instantOf(new Date()),
    });
    expect((await remote.post(sharedInbox(), announce, 'alice')).status).toBe(202);
    await until(async () => (await storedPost(uri)) !== undefined);
    expect((await storedPost(uri))?.content).toBe('Mallory’s real words');

    const boosted = (await homeFeed(viewer)).find((post) => post.origin?.boost);
    expect(boosted).toMatchObject({
      content: 'Mallory’s real words',
      origin: {
        handle: `@mallory@${new URL(remote.origin).host}`,
        boost: { handle: `@alice@${new URL(remote.origin).host}` },
      },
    });

    const undo = new Undo({
      id: new URL(`${announce.id?.href ?? ''}#undo`),
      actor: remote.actor('alice'),
      object: announce,
    });
    expect((await remote.post(sharedInbox(), undo, 'alice')).status).toBe(202);
    await until(async () => !(await homeFeed(viewer)).some((post) => post.origin?.boost));
  });

  it('likes, boosts and replies to a followed post, signed to its author, and undoes them', async () => {
    const post = (await homeFeed(viewer)).find((item) => item.origin && !item.origin.boost);
    if (!post?.origin) throw new Error('No remote post in the feed');
    const noteUri = (
      await t.pool.query<{ uri: string }>('SELECT uri FROM remote_posts WHERE id = $1', [post.id])
    ).rows[0]?.uri;
    const act = (method: 'POST' | 'DELETE', what: string, payload?: object) =>
      t.request({
        method,
        url: `/api/federation/posts/${post.id}/${what}/`,
        token: viewer.access,
        ...(payload ? { payload } : {}),
      });

    const liked = await act('POST', 'like');
    expect(liked.json()).toEqual({ liked_by_me: true, boosted_by_me: false });
    // The stand-in verified each signature against the viewer's key before recording it.
    const like = await remote.waitFor((r) => r.type === 'Like');
    expect(like.objectId).toBe(noteUri);
    expect((await homeFeed(viewer)).find((item) => item.id === post.id)?.liked_by_me).toBe(true);

    expect((await act('POST', 'boost')).json()).toEqual({ liked_by_me: true, boosted_by_me: true });
    expect((await remote.waitFor((r) => r.type === 'Announce')).objectId).toBe(noteUri);

    const text = unique('Lovely birds');
    expect((await act('POST', 'reply', { content: text })).statusCode).toBe(200);
    const reply = await remote.waitFor((r) => r.type === 'Create' && r.inReplyTo === noteUri);
    expect(reply.content).toContain(text.split(' ')[1]);
    expect((await act('POST', 'reply', { content: '  ' })).statusCode).toBe(400);

    expect((await act('DELETE', 'like')).json()).toEqual({
      liked_by_me: false,
      boosted_by_me: true,
    });
    const undo = await remote.waitFor((r) => r.type === 'Undo' && r.undone === 'Like');
    expect(undo.objectId).toBe(like.id);

    // Someone who does not follow the author cannot reach the post.
    const stranger = await t.request({
      method: 'POST',
      url: `/api/federation/posts/${post.id}/like/`,
      token: bystander.access,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('sends Undo of the Follow on unfollow, and the account’s posts leave the feed', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/federation/follows/${aliceFollow.id}/`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(200);
    const undo = await remote.waitFor((r) => r.type === 'Undo' && r.undone === 'Follow');
    expect(undo.inbox).toBe('alice');
    expect(undo.objectId).toBe(sentFollowId);
    expect(await followState(viewer, remote.actor('alice').href)).toBeUndefined();
    await until(async () => !(await homeFeed(viewer)).some((post) => post.origin));
    const again = await t.request({
      method: 'DELETE',
      url: `/api/federation/follows/${aliceFollow.id}/`,
      token: viewer.access,
    });
    expect(again.statusCode).toBe(404);
  });

  it('ends the follow and drops the posts of an account deleted on its server', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/federation/follows/',
      payload: { handle: remote.actor('alice').href },
      token: viewer.access,
    });
    expect(res.statusCode).toBe(201);
    await until(async () => (await followState(viewer, remote.actor('alice').href)) === 'accepted');
    const note = noteBy('alice', '<p>Last words</p>');
    await remote.post(sharedInbox(), createOf(note, 'alice'), 'alice');
    await until(async () => (await storedPost(note.id?.href ?? '')) !== undefined);

    const gone = new Delete({
      id: new URL(`${remote.actor('alice').href}#delete`),
      actor: remote.actor('alice'),
      object: remote.actor('alice'),
    });
    expect((await remote.post(sharedInbox(), gone, 'alice')).status).toBe(202);
    await until(async () => (await followState(viewer, remote.actor('alice').href)) === undefined);
    expect(await storedPost(note.id?.href ?? '')).toBeUndefined();
    await until(async () => !(await homeFeed(viewer)).some((post) => post.origin));
  });
});
