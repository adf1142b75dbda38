import type { Comment, CommentPage } from '@zura/contracts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

type Caller = Pick<TestUser, 'access'>;

function json(t: TestApp, user: Caller, method: 'POST' | 'PATCH', url: string, body: unknown) {
  return t.request({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    token: user.access,
  });
}

export function commentRequest(t: TestApp, user: Caller, postId: number | string, body: unknown) {
  return json(t, user, 'POST', `/api/posts/${postId}/comments/`, body);
}

/** Writes a comment (a reply with `parentId`) and fails the test unless it is stored. */
export async function writeComment(
  t: TestApp,
  user: Caller,
  postId: number,
  content: string,
  parentId?: number,
): Promise<Comment> {
  const res = await commentRequest(t, user, postId, {
    content,
    ...(parentId === undefined ? {} : { parent_id: parentId }),
  });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ comment: Comment }>().comment;
}

export function listRequest(t: TestApp, user: Caller, postId: number | string, query = '') {
  return t.request({
    method: 'GET',
    url: `/api/posts/${postId}/comments/${query}`,
    token: user.access,
  });
}

export async function listComments(t: TestApp, user: Caller, postId: number, query = '') {
  const res = await listRequest(t, user, postId, query);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json<CommentPage>();
}

export function repliesRequest(t: TestApp, user: Caller, commentId: number | string, query = '') {
  return t.request({
    method: 'GET',
    url: `/api/comments/${commentId}/replies/${query}`,
    token: user.access,
  });
}

export function editRequest(t: TestApp, user: Caller, commentId: number | string, body: unknown) {
  return json(t, user, 'PATCH', `/api/comments/${commentId}/`, body);
}

export function deleteRequest(t: TestApp, user: Caller, commentId: number | string) {
  return t.request({ method: 'DELETE', url: `/api/comments/${commentId}/`, token: user.access });
}

export function settingsRequest(t: TestApp, user: Caller, postId: number | string, body: unknown) {
  return json(t, user, 'PATCH', `/api/posts/${postId}/comments/settings/`, body);
}

/** The stored counts: the post's comment_count and what the rows say it should be. */
export async function storedCounts(t: TestApp, postId: number) {
  const { rows } = await t.pool.query<{ kept: number; real: number }>(
    `select p.comment_count as kept,
       (select count(*)::int from post_comments c where c.post_id = p.id) as real
     from posts p where p.id = $1`,
    [postId],
  );
  return rows[0];
}
