import { Announce, Block, Flag, Like, Undo, type Activity } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator, makeAdmin } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let creator: TestUser;
let viewer: TestUser;
let publicPostId: number;
let gatedPostId: number;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  remote = await startRemoteServer();
  creator = await buildCreator(t, 0);
  viewer = await buildUser(t);
  publicPostId = (await buildPost(t, creator, { content: 'Public words' })).id;
  gatedPostId = (
    await buildPost(t, creator, { content: 'Behind a password', password: 'open sesame' })
  ).id;
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const actorOf = (user: TestUser) => `${origin}/ap/users/${user.id}`;
const inboxOf = (user: TestUser) => `${actorOf(user)}/inbox`;
const sharedInbox = () => `${origin}/ap/inbox`;
const noteOf = (postId: number) => new URL(`${origin}/ap/posts/${postId}`);
let activities = 0;
/** A fresh activity id on the stand-in's origin (or `elsewhere`'s). */
const idOn = (what: string, elsewhere?: string) =>
  new URL(`/${what}/${(activities += 1)}`, elsewhere ?? remote.origin);

/** Delivers a signed activity and expects it queued (202); waits until Fedify handled it. */
async function deliver(activity: Activity, inbox = inboxOf(creator), signer = 'alice') {
  const res = await remote.post(inbox, activity, signer);
  expect(res.status).toBe(202);
  await until(async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    return rows[0]?.n === 0;
  });
}

/** Waits (bounded) until the condition holds. */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Listed = { id: number; like_count: number };

/** The post's like count as the API answers it: on the post page and in the feed. */
async function likeCounts(postId: number) {
  const page = await t.request({ url: `/api/posts/${postId}/`, token: viewer.access });
  expect(page.statusCode).toBe(200);
  const feed = await t.request({ url: '/api/posts/?source=all', token: viewer.access });
  expect(feed.statusCode).toBe(200);
  const listed = feed.json<Listed[]>().find((post) => post.id === postId);
  return { page: page.json<Listed>().like_count, feed: listed?.like_count };
}

async function remoteLikes(postId: number) {
  const { rows } = await t.pool.query<{ actor_uri: string }>(
    'SELECT actor_uri FROM remote_post_likes WHERE post_id = $1 ORDER BY actor_uri',
    [postId],
  );
  return rows.map((row) => row.actor_uri);
}

const likeOf = (postId: number, by = 'alice', id = idOn('likes')) =>
  new Like({ id, actor: remote.actor(by), object: noteOf(postId) });

describe('likes from the fediverse', () => {
  it('counts a signed Like of a public post once per actor, replayed or not', async () => {
    const like = likeOf(publicPostId);
    await deliver(like);
    expect(await remoteLikes(publicPostId)).toEqual([remote.actor('alice').href]);
    expect(await likeCounts(publicPostId)).toEqual({ page: 1, feed: 1 });

    // The same activity again (a replay), then a second Like by the same actor: still one.
    await deliver(like);
    await deliver(likeOf(publicPostId), sharedInbox());
    expect(await likeCounts(publicPostId)).toEqual({ page: 1, feed: 1 });

    // Another actor's like counts, beside a local one.
    await deliver(likeOf(publicPostId, 'mallory'), inboxOf(creator), 'mallory');
    const local = await t.request({
      method: 'PUT',
      url: `/api/posts/${publicPostId}/like/`,
      token: viewer.access,
    });
    expect(local.json()).toEqual({ liked: true, like_count: 3 });
    expect(await likeCounts(publicPostId)).toEqual({ page: 3, feed: 3 });
  });

  it('takes a like back on Undo, embedded or by id, and only the liker’s', async () => {
    const postId = (await buildPost(t, creator, { content: 'Undo me' })).id;
    const alices = likeOf(postId);
    const mallorys = likeOf(postId, 'mallory');
    await deliver(alices);
    await deliver(mallorys, inboxOf(creator), 'mallory');
    expect((await likeCounts(postId)).page).toBe(2);

    // Mallory cannot undo alice's like: the Undo's actor must be the liker.
    await deliver(
      new Undo({ id: idOn('undos'), actor: remote.actor('mallory'), object: alices.id }),
      inboxOf(creator),
      'mallory',
    );
    expect(await remoteLikes(postId)).toEqual([
      remote.actor('alice').href,
      remote.actor('mallory').href,
    ]);

    // Alice's Undo embeds her Like (as Mastodon does); mallory's names hers by id.
    await deliver(new Undo({ id: idOn('undos'), actor: remote.actor('alice'), object: alices }));
    expect(await remoteLikes(postId)).toEqual([remote.actor('mallory').href]);
    expect(await likeCounts(postId)).toEqual({ page: 1, feed: 1 });
    await deliver(
      new Undo({ id: idOn('undos'), actor: remote.actor('mallory'), object: mallorys.id }),
      inboxOf(creator),
      'mallory',
    );
    expect(await remoteLikes(postId)).toEqual([]);
    expect(await likeCounts(postId)).toEqual({ page: 0, feed: 0 });
  });

  it('drops a Like of a gated, unknown or deleted post, by a blocked actor, or on another origin', async () => {
    await deliver(likeOf(gatedPostId));
    await deliver(likeOf(999_999_999));
    const deleted = (await buildPost(t, creator, { content: 'Gone soon' })).id;
    await t.pool.query('DELETE FROM posts WHERE id = $1', [deleted]);
    await deliver(likeOf(deleted));
    const postId = (await buildPost(t, creator, { content: 'Forged like' })).id;
    // Alice signs a Like whose id is on another server: she cannot speak for it.
    await deliver(likeOf(postId, 'alice', idOn('likes', 'https://elsewhere.example')));

    // Mallory is blocked by this post's creator (`federation_actor_blocks`).
    await t.pool.query('INSERT INTO federation_actor_blocks (user_id, actor_id) VALUES ($1, $2)', [
      creator.id,
      remote.actor('mallory').href,
    ]);
    await deliver(likeOf(postId, 'mallory'), inboxOf(creator), 'mallory');

    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM remote_post_likes WHERE post_id = ANY($1)',
      [[gatedPostId, postId]],
    );
    expect(rows[0]?.n).toBe(0);
    const gated = await t.pool.query<{ like_count: number }>(
      'SELECT like_count FROM posts WHERE id = $1',
      [gatedPostId],
    );
    expect(gated.rows[0]?.like_count).toBe(0);
    expect((await likeCounts(postId)).page).toBe(0);
  });
});

describe('boosts from the fediverse', () => {
  it('records an Announce of a public post once per actor and removes it on Undo', async () => {
    const postId = (await buildPost(t, creator, { content: 'Boost me' })).id;
    const boost = new Announce({
      id: idOn('boosts'),
      actor: remote.actor('alice'),
      object: noteOf(postId),
    });
    await deliver(boost);
    await deliver(boost);
    await deliver(
      new Announce({
        id: idOn('boosts'),
        actor: remote.actor('alice'),
        object: noteOf(gatedPostId),
      }),
    );
    const shares = async () =>
      (
        await t.pool.query<{ post_id: string; actor_uri: string }>(
          'SELECT post_id, actor_uri FROM remote_post_shares WHERE post_id = ANY($1)',
          [[postId, gatedPostId]],
        )
      ).rows;
    expect(await shares()).toEqual([
      { post_id: String(postId), actor_uri: remote.actor('alice').href },
    ]);
    // A boost is no like.
    expect((await likeCounts(postId)).page).toBe(0);

    await deliver(new Undo({ id: idOn('undos'), actor: remote.actor('alice'), object: boost }));
    expect(await shares()).toEqual([]);
  });
});

describe('reports (Flag) from the fediverse', () => {
  it('puts a remote report of a post into the admins’ queue, from the remote actor', async () => {
    const postId = (await buildPost(t, creator, { content: 'Reported words' })).id;
    const flag = new Flag({
      id: idOn('flags'),
      actor: remote.actor('alice'),
      objects: [new URL(actorOf(creator)), noteOf(postId), noteOf(gatedPostId)],
      content: '<p>Spam <script>alert(1)</script>here</p>',
    });
    await deliver(flag, sharedInbox());
    await deliver(flag, sharedInbox());

    const { rows } = await t.pool.query(
      `SELECT reporter_id, remote_reporter, target_type, target_id::int, owner_id::int, details
       FROM reports WHERE remote_reporter IS NOT NULL AND owner_id = $1`,
      [creator.id],
    );
    // One report of the named public post; none of the gated one; no profile report beside it.
    expect(rows).toEqual([
      {
        reporter_id: null,
        remote_reporter: remote.actor('alice').href,
        target_type: 'post',
        target_id: postId,
        owner_id: creator.id,
        details: 'Spam here',
      },
    ]);

    const admin = await buildUser(t);
    await makeAdmin(t, admin);
    const queue = await t.request({ url: '/api/admin/reports/', token: admin.access });
    expect(queue.statusCode).toBe(200);
    const group = queue
      .json<{ results: { target_type: string; target_id: number; reports: unknown[] }[] }>()
      .results.find((g) => g.target_type === 'post' && g.target_id === postId);
    expect(group?.reports).toEqual([
      expect.objectContaining({
        reporter: null,
        remote_reporter: { actor: remote.actor('alice').href, host: new URL(remote.origin).host },
        reason: 'other',
        details: 'Spam here',
      }),
    ]);
  });

  it('reports the account when the Flag names no post of it', async () => {
    const other = await buildCreator(t, 0);
    await deliver(
      new Flag({
        id: idOn('flags'),
        actor: remote.actor('mallory'),
        object: new URL(actorOf(other)),
      }),
      sharedInbox(),
      'mallory',
    );
    const { rows } = await t.pool.query(
      `SELECT target_type, target_id::int FROM reports WHERE remote_reporter = $1`,
      [remote.actor('mallory').href],
    );
    expect(rows).toEqual([{ target_type: 'profile', target_id: other.id }]);
  });
});

describe('blocks from the fediverse', () => {
  it('a remote Block of a creator removes that follower; its Undo does not restore it', async () => {
    const blocked = await buildCreator(t, 0);
    await deliver(remote.followOf(actorOf(blocked)), inboxOf(blocked));
    const followers = async () =>
      (
        await t.pool.query<{ actor_id: string }>(
          'SELECT actor_id FROM remote_followers WHERE user_id = $1',
          [blocked.id],
        )
      ).rows.map((row) => row.actor_id);
    expect(await followers()).toEqual([remote.actor('alice').href]);

    const block = new Block({
      id: idOn('blocks'),
      actor: remote.actor('alice'),
      object: new URL(actorOf(blocked)),
    });
    await deliver(block, inboxOf(blocked));
    expect(await followers()).toEqual([]);
    await deliver(
      new Undo({ id: idOn('undos'), actor: remote.actor('alice'), object: block }),
      inboxOf(blocked),
    );
    expect(await followers()).toEqual([]);
  });
});
