import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { setPrice } from '../../../test/economy.ts';
import { buildPost, buildUser, type BuiltPost, type TestUser } from '../../../test/factories.ts';
import { png, waitForVariants } from '../../../test/media.ts';
import { BUILT_INDEX, buildAppWithWebPage, meta, webPage } from '../../../test/share-cards.ts';
import sharp from 'sharp';
import { excerpt } from '../../lib/open-graph.ts';

/*
 * Link previews: the HTML of /posts/:id carries Open Graph and Twitter tags for unfurlers, who
 * run no JavaScript and sign in to nothing. Only a fully public post gives its text and its
 * picture (at /og/posts/:id.jpg, served only while the post stays public); anything else says
 * whose it is, and a post nobody may know of gives no card at all.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await buildAppWithWebPage());
});
afterAll(() => close());

const page = (postId: number | string) => webPage(t, `/posts/${postId}`);

const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

function ogImage(postId: number | string) {
  return t.request({ method: 'GET', url: `/og/posts/${postId}.jpg` });
}

async function imagePost(author: TestUser, content: string, password?: string) {
  return buildPost(t, author, {
    content,
    media: { content: await png(), type: 'image' },
    ...(password ? { password } : {}),
  });
}

/** The card of a post that must not show itself: no text of it, no bytes of it, no URL of it. */
async function expectNeutralCard(post: BuiltPost, author: TestUser) {
  const html = await page(post.id);
  expect(meta(html, 'og:title')).toBe(`Post by @${author.username}`);
  expect(meta(html, 'og:description')).toBe(`Subscribe to @${author.username} on Zura`);
  expect(html).not.toContain(post.content);
  const uploadId = uploadIdOf(post.image);
  expect(uploadId).toBeDefined();
  expect(html).not.toContain(String(uploadId));
  // A stable JPEG (never the SVG icon, which the big unfurlers refuse) that names the author
  // alone: the very card of any other gated post of theirs, so nothing of this one is on it.
  expect(meta(html, 'og:image')).toBe(`http://zura.test/og/posts/${post.id}.jpg`);
  const image = await ogImage(post.id);
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/jpeg');
  expect(image.rawPayload).toEqual(await neutralCardOf(author));
}

/** The card of a fresh password-locked post by `author`: what names the author alone. */
async function neutralCardOf(author: TestUser) {
  const other = await buildPost(t, author, { content: 'another secret', password: 'hunter22' });
  const card = await ogImage(other.id);
  expect(card.statusCode).toBe(200);
  return card.rawPayload;
}

describe('a public post’s card', () => {
  it('shows its text and its picture, which serves as a JPEG', async () => {
    const author = await buildUser(t);
    const post = await imagePost(author, 'Sunset over the bay, shot this evening');
    const html = await page(post.id);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:title')).toBe(`Post by @${author.username}`);
    expect(meta(html, 'og:description')).toBe('Sunset over the bay, shot this evening');
    expect(meta(html, 'og:url')).toBe(`http://zura.test/posts/${post.id}`);
    expect(meta(html, 'og:image')).toBe(`http://zura.test/og/posts/${post.id}.jpg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`http://zura.test/og/posts/${post.id}.jpg`);
    // The app itself is still all there.
    expect(html).toContain('<div id="root"></div>');

    const image = await ogImage(post.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-cache');
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The same page with a trailing slash.
    expect(meta(await page(`${post.id}/`), 'og:image')).toBe(
      `http://zura.test/og/posts/${post.id}.jpg`,
    );
  });

  it('says whose it is for a picture without words', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, {
      content: '',
      media: { content: await png(), type: 'image' },
    });
    const html = await page(post.id);
    expect(meta(html, 'og:description')).toBe(`A post by @${author.username} on Zura`);
    expect(meta(html, 'og:image')).toBe(`http://zura.test/og/posts/${post.id}.jpg`);
  });

  it('keeps only the first ~200 characters of a long post', async () => {
    const author = await buildUser(t);
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const post = await buildPost(t, author, { content: words });
    const description = String(meta(await page(post.id), 'og:description'));
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description.endsWith('…')).toBe(true);
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
  });

  it('gives a text post a JPEG card of its own at a stable address (issue 32)', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'Words only, no picture today' });
    const html = await page(post.id);
    expect(meta(html, 'og:image')).toBe(`http://zura.test/og/posts/${post.id}.jpg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const card = await ogImage(post.id);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    const { width, height, format } = await sharp(card.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    // Its text is drawn on it: another text makes another card, the same text the same.
    expect(card.rawPayload).not.toEqual(await neutralCardOf(author));
    expect((await ogImage(post.id)).rawPayload).toEqual(card.rawPayload);
  });

  it('escapes hostile text so it stays inside its attribute', async () => {
    const author = await buildUser(t);
    const hostile = `"/><script>alert('x')</script><meta property="og:image" content="http://evil.test/a.jpg`;
    const post = await buildPost(t, author, { content: hostile });
    const html = await page(post.id);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('content="http://evil.test');
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(meta(html, 'og:description')).toBe(excerpt(hostile));
  });
});

describe('a public post’s text with replacement patterns', () => {
  // `String.replace` with a string reads these as "the match", "before it" and "after it".
  const escaped = (pattern: string) => pattern.replace('&', '&amp;').replace("'", '&#39;');
  it.each(['$&', '$`', "$'", '$$', '$1'])(
    'carries %s as the literal text, escaped, and the page keeps one head',
    async (pattern) => {
      const author = await buildUser(t);
      const content = `Now ${pattern}5 <i>"only"</i>`;
      const post = await buildPost(t, author, { content });
      const html = await page(post.id);
      expect(meta(html, 'og:description')).toBe(content);
      expect(html).toContain(
        `content="Now ${escaped(pattern)}5 &lt;i&gt;&quot;only&quot;&lt;/i&gt;"`,
      );
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
    },
  );
});

describe('a card that must not show the post', () => {
  it('password-locked post: no text, no picture', async () => {
    const author = await buildUser(t);
    await expectNeutralCard(await imagePost(author, 'The locked secret text', 'hunter22'), author);
  });

  it('subscriber-only post of a paid creator', async () => {
    const creator = await buildUser(t, { isCreator: true });
    await setPrice(t, creator, 499);
    await expectNeutralCard(await imagePost(creator, 'For subscribers only'), creator);
  });

  it('priced (pay-per-view) post', async () => {
    const author = await buildUser(t);
    const post = await imagePost(author, 'Pay to see this');
    await t.pool.query('UPDATE posts SET price_cents = 300 WHERE id = $1', [post.id]);
    await expectNeutralCard(post, author);
  });

  it('a public post stops serving its picture the moment it is no longer public', async () => {
    const author = await buildUser(t);
    const post = await imagePost(author, 'Public for now');
    // The picture is made from the feed variant once the media job wrote it: wait for it, so
    // the same picture is made each time.
    await waitForVariants(t, String(uploadIdOf(post.image)), ['feed']);
    const picture = await ogImage(post.id);
    expect(picture.statusCode).toBe(200);
    await t.pool.query('UPDATE posts SET price_cents = 300 WHERE id = $1', [post.id]);
    const gated = await ogImage(post.id);
    expect(gated.rawPayload).not.toEqual(picture.rawPayload);
    expect(gated.rawPayload).toEqual(await neutralCardOf(author));
    await t.pool.query('UPDATE posts SET price_cents = null WHERE id = $1', [post.id]);
    expect((await ogImage(post.id)).rawPayload).toEqual(picture.rawPayload);
    await t.request({ method: 'DELETE', url: `/api/posts/${post.id}/`, token: author.access });
    expect((await ogImage(post.id)).statusCode).toBe(404);
  });
});

describe('no card at all', () => {
  async function expectNoCard(postId: number | string) {
    const html = await page(postId);
    expect(html).toBe(BUILT_INDEX);
    expect((await ogImage(postId)).statusCode).toBe(404);
  }

  it('for a draft, a suspended author’s post and a missing post', async () => {
    const author = await buildUser(t);
    const draft = await imagePost(author, 'Draft text never shown');
    await t.pool.query('UPDATE posts SET is_draft = true WHERE id = $1', [draft.id]);
    await expectNoCard(draft.id);

    const suspended = await buildUser(t);
    const hidden = await imagePost(suspended, 'Suspended author text');
    await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]);
    await expectNoCard(hidden.id);

    await expectNoCard(999_999_999);
  });

  it('for a post of a locked profile: no author, text or picture, as for a missing post', async () => {
    const author = await buildUser(t);
    const post = await imagePost(author, 'Behind the profile lock');
    expect((await ogImage(post.id)).statusCode).toBe(200);
    await t.pool.query('UPDATE users SET is_profile_locked = true WHERE id = $1', [author.id]);
    const html = await page(post.id);
    expect(html).not.toContain(author.username);
    expect(html).not.toContain('Behind the profile lock');
    await expectNoCard(post.id);
    const missing = await ogImage(999_999_998);
    const locked = await ogImage(post.id);
    expect(locked.statusCode).toBe(missing.statusCode);
    expect(locked.headers['content-type']).toBe(missing.headers['content-type']);
    expect(locked.body).toBe(missing.body.replace('999999998', String(post.id)));
  });

  it('for paths that are not a post page, and og image names that are not a post', async () => {
    expect(await page('abc')).toBe(BUILT_INDEX);
    for (const name of ['abc.jpg', '1.png', '0.jpg', '01.jpg']) {
      const res = await t.request({ method: 'GET', url: `/og/posts/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});

describe('making preview pictures', () => {
  it('turns away a client that makes too many, and still serves the ones already made', async () => {
    // 60 a minute scaled by 0.05: three pictures made per client per minute.
    const limited = await buildTestApp({ RATE_LIMIT_SCALE: '0.05' });
    try {
      const author = await buildUser(limited);
      const posts: BuiltPost[] = [];
      for (let i = 0; i < 4; i++) {
        posts.push(
          await buildPost(limited, author, {
            content: `picture ${i}`,
            media: { content: await png(), type: 'image' },
          }),
        );
      }
      // Each picture is made from its feed variant once the media job has written it; before,
      // from the original: wait, so each post is one picture whatever the job's timing.
      for (const post of posts)
        await waitForVariants(limited, String(uploadIdOf(post.image)), ['feed']);
      const fetchImage = (post: BuiltPost) =>
        limited.request({ method: 'GET', url: `/og/posts/${post.id}.jpg` });
      for (const post of posts.slice(0, 3)) expect((await fetchImage(post)).statusCode).toBe(200);
      const refused = await fetchImage(posts[3] as BuiltPost);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many preview images\./);
      // A picture already made costs nothing to send again.
      const again = await fetchImage(posts[0] as BuiltPost);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('image/jpeg');
    } finally {
      await limited.close();
    }
  });
});

describe('excerpt', () => {
  it('flattens whitespace and cuts at a word', () => {
    expect(excerpt('a\n\nb   c')).toBe('a b c');
    expect(excerpt('aaaa bbbb cccc', 11)).toBe('aaaa bbbb…');
  });
});
