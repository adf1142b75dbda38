import { expect } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { get, newKey, pay } from '../../../test/economy.ts';
import { type TestUser } from '../../../test/factories.ts';
import { png, waitForVariants } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';

/** What this suite's test files share (each builds its own app; the calls take it from `app()`). */

export type PostJson = Record<string, unknown> & { id: number; content: string };

const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

/** The post closed to this viewer: nothing of it but the sale and the blurred preview. */
export function expectClosed(post: PostJson, content: string, uploadId: string) {
  expect(post.content).toBe('');
  expect(JSON.stringify(post)).not.toContain(content);
  for (const field of ['image', 'image_url', 'video', 'video_url', 'poster_url', 'video_hls_url']) {
    expect(post).not.toHaveProperty(field);
  }
  expect(post.preview).toMatch(new RegExp(`^/media/${uploadId}/blur\\?exp=\\d+&sig=`));
  // The preview is the only URL of the file the answer holds.
  const urls = JSON.stringify(post).match(new RegExp(`/media/${uploadId}/[a-z0-9]+`, 'g'));
  expect(urls).toEqual([`/media/${uploadId}/blur`]);
}

export function payPerViewKit(app: () => TestApp) {
  function createPostRequest(author: TestUser, fields: Record<string, string>, image?: Buffer) {
    const body = multipart({
      fields: { content: 'A post', ...fields },
      files: image
        ? [{ name: 'media', filename: 'photo.png', content: image, type: 'image/png' }]
        : [],
    });
    return app().request({ method: 'POST', url: '/api/posts/', ...body, token: author.access });
  }

  /** A post for sale by `author` with an image, its blurred preview made. */
  async function postForSale(
    author: TestUser,
    fields: Record<string, string>,
    content = `secret caption ${Math.random().toString(36).slice(2)}`,
  ) {
    const res = await createPostRequest(author, { content, ...fields }, await png(300, 200));
    if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
    const post = res.json<PostJson>();
    const uploadId = uploadIdOf(post.image);
    if (!uploadId) throw new Error('the author sees no image');
    await waitForVariants(app(), uploadId, ['feed', 'blur']);
    return { post, uploadId, content };
  }

  function purchase(user: TestUser, postId: number, key: string | null = newKey()) {
    return pay(app(), user, `/api/posts/${postId}/purchase/`, {}, key);
  }

  async function postAs(user: TestUser, author: TestUser, postId: number): Promise<PostJson> {
    const res = await get(app(), user, `/api/posts/user/${author.id}/`);
    expect(res.statusCode).toBe(200);
    const found = res.json<PostJson[]>().find((post) => post.id === postId);
    if (!found) throw new Error(`post ${postId} not listed`);
    return found;
  }

  async function purchaseTransactions(postId: number) {
    const { rows } = await app().pool.query<{
      payer_id: number;
      payee_id: number;
      amount_cents: number;
      fee_cents: number;
    }>(
      `SELECT payer_id::int, payee_id::int, amount_cents::int, fee_cents::int FROM ledger_transactions
        WHERE kind = 'post_unlock' AND reference->>'post_id' = $1`,
      [String(postId)],
    );
    return rows;
  }

  async function purchaseRows(postId: number): Promise<number> {
    const { rows } = await app().pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM post_purchases WHERE post_id = $1',
      [postId],
    );
    return rows[0]?.n ?? 0;
  }

  return { createPostRequest, postForSale, purchase, postAs, purchaseTransactions, purchaseRows };
}
