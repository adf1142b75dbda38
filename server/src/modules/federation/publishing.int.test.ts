import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import { AP_ACCEPT, buildWorld, getAp, ORIGIN, type World } from './federation-test-kit.ts';

/**
 * Issue 36, phase 1: a creator's fully public posts go out (outbox, Atom) and nothing gated
 * does. A crawler walks every federation answer of a world with password, pay-per-view, draft,
 * scheduled, subscribers-only, locked-profile and suspended posts, and finds none of their
 * text, ids or media.
 */
let t: TestApp;
let world: World;

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildWorld(t);
});

afterAll(async () => {
  await t.close();
});

async function outboxPage(userId: number, url?: string) {
  const collection = await getAp(t, `/ap/users/${userId}/outbox`);
  expect(collection.statusCode, collection.body).toBe(200);
  const first = collection.json<{ totalItems: number; first: string }>();
  const res = await getAp(t, url ?? first.first);
  expect(res.statusCode, res.body).toBe(200);
  return {
    totalItems: first.totalItems,
    page: res.json<{ orderedItems: Json[]; next?: string }>(),
  };
}

describe('the outbox', () => {
  it('holds the public posts as Create of Note, newest first, with their images', async () => {
    const { creator, publicPost, textPost } = world;
    const { totalItems, page } = await outboxPage(creator.id);
    expect(totalItems).toBe(2);
    expect(page.orderedItems.length).toBe(2);
    const [newest, older] = page.orderedItems as [Json, Json];
    expect(newest.type).toBe('Create');
    expect((newest.object as Json).id).toBe(`${ORIGIN}/ap/posts/${textPost.id}`);
    expect((newest.object as Json).content).toBe('<p>Just words</p><p>Second paragraph</p>');
    const note = older.object as Json;
    expect(older.actor).toBe(`${ORIGIN}/ap/users/${creator.id}`);
    expect(note).toMatchObject({
      type: 'Note',
      id: `${ORIGIN}/ap/posts/${publicPost.id}`,
      attributedTo: `${ORIGIN}/ap/users/${creator.id}`,
      url: `${ORIGIN}/posts/${publicPost.id}`,
      to: 'as:Public',
      cc: `${ORIGIN}/ap/users/${creator.id}/followers`,
      sensitive: false,
    });
    expect(note.content).toContain('&lt;b&gt;&amp;&lt;/b&gt; &quot;friends&quot;');
    expect(note.published).toMatch(/^\d{4}-\d\d-\d\dT/);
    const attachment = note.attachment as Json;
    expect(attachment).toMatchObject({
      type: 'Image',
      mediaType: 'image/webp',
      url: `${ORIGIN}/ap/media/posts/${publicPost.id}/0`,
    });
    const media = await t.request({ method: 'GET', url: `/ap/media/posts/${publicPost.id}/0` });
    expect(media.statusCode).toBe(302);
    expect(media.headers.location).toContain(`/media/${publicPost.uploadId}/feed?exp=`);
    expect(
      (await t.request({ method: 'GET', url: `/ap/media/posts/${publicPost.id}/1` })).statusCode,
    ).toBe(404);
  });

  it('serves each public Note at its id and 404 for every gated post', async () => {
    const note = await getAp(t, `/ap/posts/${world.publicPost.id}`);
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json<Json>().type).toBe('Note');
    for (const post of world.gated) {
      expect((await getAp(t, `/ap/posts/${post.id}`)).statusCode, post.why).toBe(404);
      const file = await t.request({ method: 'GET', url: `/ap/media/posts/${post.id}/0` });
      expect(file.statusCode, post.why).toBe(404);
    }
  });

  it('stops showing a post the moment it is locked', async () => {
    const { publicPost, creator } = world;
    await t.pool.query('UPDATE posts SET price_cents = 300 WHERE id = $1', [publicPost.id]);
    try {
      const { totalItems, page } = await outboxPage(creator.id);
      expect(totalItems).toBe(1);
      expect(JSON.stringify(page)).not.toContain(`/ap/posts/${publicPost.id}"`);
      expect(
        (await t.request({ method: 'GET', url: `/ap/media/posts/${publicPost.id}/0` })).statusCode,
      ).toBe(404);
    } finally {
      await t.pool.query('UPDATE posts SET price_cents = NULL WHERE id = $1', [publicPost.id]);
    }
  });

  it('pages with cursors, and refuses a forged cursor with 404', async () => {
    const prolific = await buildCreator(t, 0);
    await t.pool.query(
      `INSERT INTO posts (author_id, content, created_at)
       SELECT $1, 'post ' || n, now() - n * interval '1 minute' FROM generate_series(1, 27) n`,
      [prolific.id],
    );
    const seen: string[] = [];
    const first = await outboxPage(prolific.id);
    expect(first.totalItems).toBe(27);
    let page = first.page;
    for (;;) {
      seen.push(...page.orderedItems.map((item) => String((item.object as Json).content)));
      if (!page.next) break;
      ({ page } = await outboxPage(prolific.id, page.next));
    }
    expect(seen).toEqual(Array.from({ length: 27 }, (_, i) => `<p>post ${i + 1}</p>`));
    for (const cursor of ['nonsense', '1_x', '99999999999999999_1', '%00']) {
      const res = await getAp(t, `/ap/users/${prolific.id}/outbox?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(404);
    }
  });

  it('has followers and following as counted collections', async () => {
    const { creator } = world;
    const followers = await getAp(t, `/ap/users/${creator.id}/followers`);
    expect(followers.statusCode, followers.body).toBe(200);
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT followers_count AS n FROM users WHERE id = $1',
      [creator.id],
    );
    expect(followers.json<Json>()).toMatchObject({
      type: 'OrderedCollection',
      totalItems: rows[0]?.n,
    });
    const following = await getAp(t, `/ap/users/${creator.id}/following`);
    expect(following.json<Json>()).toMatchObject({ type: 'OrderedCollection', totalItems: 0 });
  });
});

describe('the Atom feed', () => {
  it('lists only the public posts, as well-formed and correctly escaped XML', async () => {
    const { creator, publicPost, textPost } = world;
    const res = await t.request({ method: 'GET', url: `/profile/${creator.username}/feed.atom` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      res.body,
    ) as { feed: { title: string; entry: Json[] } };
    expect(parsed.feed.title).toBe(`@${creator.username} on Zura`);
    const entries = parsed.feed.entry;
    expect(entries.map((entry) => entry.id)).toEqual([
      `${ORIGIN}/posts/${textPost.id}`,
      `${ORIGIN}/posts/${publicPost.id}`,
    ]);
    const content = (entries[1]?.content as Json)['#text'];
    // The HTML of the post, escaped once more for XML: parsed back, it is the post's HTML.
    expect(content).toContain('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(String(entries[1]?.title)).toBe(publicPost.text.replace(/\s+/g, ' '));
    const links = entries[1]?.link as Json[];
    expect(links).toContainEqual({
      rel: 'enclosure',
      href: `${ORIGIN}/ap/media/posts/${publicPost.id}/0`,
      type: 'image/webp',
    });
    const byId = await t.request({ method: 'GET', url: `/profile/${creator.id}/feed.atom` });
    expect(byId.body).toBe(res.body);
  });

  it('strips what XML cannot hold, and answers 404 for unknown and suspended accounts', async () => {
    const odd = await buildCreator(t, 0);
    await t.pool.query('INSERT INTO posts (author_id, content) VALUES ($1, $2)', [
      odd.id,
      'bell \u0007 and ]]> and \uFFFE end',
    ]);
    const res = await t.request({ method: 'GET', url: `/profile/${odd.username}/feed.atom` });
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).toContain('bell  and ]]&gt; and  end');
    for (const name of [world.suspended.username, 'nobody_by_that_name', '%E0%A4%A']) {
      const miss = await t.request({ method: 'GET', url: `/profile/${name}/feed.atom` });
      expect(miss.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(miss.statusCode, name).toBeLessThan(500);
    }
    const locked = await t.request({
      method: 'GET',
      url: `/profile/${world.lockedProfile.username}/feed.atom`,
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.body).not.toContain('<entry>');
  });
});

/** Every absolute address of this server an answer names. */
function linksIn(body: string): string[] {
  const found = body.match(/http:\/\/zura\.test\/[^"'<>\s\\]*/g) ?? [];
  return found.map((url) => url.replace(/&amp;/g, '&'));
}

describe('a crawler over every federation answer', () => {
  it('finds none of the gated posts’ text, ids or media, nor a locked bio', async () => {
    const users = [world.creator, world.paidCreator, world.lockedProfile, world.suspended];
    const queue = [
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
      ...users.flatMap((user) => [
        `/.well-known/webfinger?resource=acct:${user.username}@zura.test`,
        `/profile/${user.username}`,
        `/profile/${user.username}/feed.atom`,
        `/ap/users/${user.id}`,
      ]),
      ...world.gated.map((post) => `/ap/posts/${post.id}`),
    ].map((url) => `${ORIGIN}${url}`);
    const seen = new Set<string>();
    const answers: string[] = [];
    while (queue.length > 0 && seen.size < 400) {
      const url = queue.shift() ?? '';
      if (seen.has(url)) continue;
      seen.add(url);
      const path = url.slice(ORIGIN.length);
      const ours =
        /^\/(ap|\.well-known|nodeinfo)\//.test(path) ||
        /^\/profile\/[^/]+(\/feed\.atom)?$/.test(path);
      if (!ours) continue;
      const res = await getAp(t, url, path.endsWith('.atom') ? '*/*' : AP_ACCEPT);
      expect(res.statusCode, url).toBeLessThan(500);
      // A stable media address answers with where its bytes are: that is an answer too.
      const body = `${res.body}\n${String(res.headers.location ?? '')}`;
      answers.push(body);
      queue.push(...linksIn(body));
    }
    // It went everywhere: the actors, their collections, a page of the outbox, the media.
    expect([...seen].some((url) => url.includes('/outbox?cursor='))).toBe(true);
    expect([...seen].some((url) => url.includes('/ap/media/posts/'))).toBe(true);
    const everything = answers.join('\n');
    expect(everything).toContain(world.publicPost.uploadId);
    for (const post of world.gated) {
      expect(everything, post.why).not.toContain(post.text);
      expect(everything, post.why).not.toMatch(new RegExp(`/posts/${post.id}(?!\\d)`));
      if (post.uploadId) expect(everything, post.why).not.toContain(post.uploadId);
    }
    expect(everything).not.toContain(world.lockedBio);
    expect(everything).not.toContain(`/ap/users/${world.suspended.id}"`);
  });
});
