/**
 * The world of the `pages` benchmark, made the same way in each server it measures: 20 authors
 * with 100 text posts each, and a signed-in fan who follows nobody (so the home feed falls back
 * to everyone's recent posts), has one conversation of 50 messages with an author, and 20
 * notifications (each author follows them). Every step that fails (an older checkout's API may
 * differ) only makes the pages that need it n/a.
 */
import type pg from 'pg';
import type { RunningServer } from '../lib/server.ts';
import { api, connectDatabase, signUp, type Account } from '../scale/common.ts';

export const AUTHORS = 20;
export const POSTS_PER_AUTHOR = 100;
export const MESSAGES = 50;
const SIGN_UPS_AT_ONCE = 5;

export type PageKey =
  'health' | 'feed' | 'feedCompressed' | 'post' | 'profile' | 'messages' | 'notifications';

export const PAGES: { key: PageKey; label: string }[] = [
  { key: 'health', label: 'GET /api/ (select 1)' },
  { key: 'feed', label: 'home feed' },
  // As a browser asks for it: every browser sends Accept-Encoding, and the answer is compressed.
  { key: 'feedCompressed', label: 'home feed, brotli' },
  { key: 'post', label: 'post page' },
  { key: 'profile', label: "profile's posts" },
  { key: 'messages', label: 'conversation messages' },
  { key: 'notifications', label: 'notifications' },
];

/** A page to load: its path and headers, or why it cannot be measured on this server. */
type PageTarget =
  | {
      ok: true;
      path: string;
      headers: Record<string, string>;
      /** The answer's size in bytes, as the check read it. */
      bytes?: number;
    }
  | { ok: false; why: string };

export type World = {
  pages: Record<PageKey, PageTarget>;
  /** How the world was made, and what could not be. */
  notes: string[];
  /** A direct connection to the server's database (to drain it between loads), when it opened. */
  db: pg.Client | undefined;
};

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';

/** `count` sign-ups through the API, a few at a time (each hashes a password with Argon2id). */
async function signUpMany(url: string, prefix: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let first = 1; first <= count; first += SIGN_UPS_AT_ONCE) {
    const batch = Array.from(
      { length: Math.min(SIGN_UPS_AT_ONCE, count - first + 1) },
      (_, i) => `${prefix}${first + i}`,
    );
    accounts.push(...(await Promise.all(batch.map((name) => signUp(url, name)))));
  }
  return accounts;
}

/**
 * 100 text posts per author, a minute apart and interleaved across authors (so the order of
 * every list is defined and the feed's first page mixes authors). Answers the newest post's id
 * of the first author.
 */
async function insertPosts(db: pg.Client, authors: Account[]): Promise<number> {
  await db.query(
    `insert into posts (author_id, content, type, is_locked, created_at)
     select a.id, 'Post ' || g || ' by ' || a.username || ': ' || repeat('a few words of a text post ', 6),
            'post', false, now() - ((g * $3::int + a.ord) * interval '1 minute')
       from unnest($1::bigint[], $2::text[]) with ordinality as a(id, username, ord)
      cross join generate_series(1, $4::int) g`,
    [authors.map((a) => a.id), authors.map((a) => a.username), authors.length, POSTS_PER_AUTHOR],
  );
  await db.query('vacuum analyze posts');
  const { rows } = await db.query<{ id: string }>(
    'select id from posts where author_id = $1 order by created_at desc limit 1',
    [authors[0]?.id],
  );
  const id = Number(rows[0]?.id);
  if (!Number.isInteger(id)) throw new Error('no post was inserted');
  return id;
}

/** One conversation between the fan and `author`, `MESSAGES` messages taking turns. */
async function converse(url: string, fan: Account, author: Account): Promise<number> {
  const conversation = await api<{ id: number }>(
    url,
    fan.access,
    'POST',
    '/api/messaging/conversations/start_conversation/',
    { recipient_id: author.id },
  );
  for (let i = 0; i < MESSAGES; i += 1) {
    const sender = i % 2 === 0 ? fan : author;
    await api(
      url,
      sender.access,
      'POST',
      `/api/messaging/conversations/${conversation.id}/send_message/`,
      { text: `Message ${i + 1} from ${sender.username}: a line or two of a conversation.` },
    );
  }
  return conversation.id;
}

/** One GET of the page as it will be loaded: it must answer a 2xx to be measured. */
async function check(url: string, target: PageTarget): Promise<PageTarget> {
  if (!target.ok) return target;
  try {
    const response = await fetch(`${url}${target.path}`, {
      headers: target.headers,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    if (response.status >= 200 && response.status < 300) {
      return { ...target, bytes: Buffer.byteLength(body) };
    }
    return {
      ok: false,
      why: `GET ${target.path} answered ${response.status}: ${body.slice(0, 120)}`,
    };
  } catch (error) {
    return { ok: false, why: `GET ${target.path} failed: ${reason(error)}` };
  }
}

export async function makeWorld(server: RunningServer): Promise<World> {
  const { url } = server;
  const notes: string[] = [];
  const missing = (why: string): PageTarget => ({ ok: false, why });
  const pages: Record<PageKey, PageTarget> = {
    health: { ok: true, path: '/api/', headers: {} },
    feed: missing('no signed-in fan'),
    feedCompressed: missing('no signed-in fan'),
    post: missing('no posts'),
    profile: missing('no posts'),
    messages: missing('no conversation'),
    notifications: missing('no signed-in fan'),
  };
  const attempt = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      notes.push(`could not ${what}: ${reason(error)}`);
      return undefined;
    }
  };

  const started = performance.now();
  const fan = await attempt('sign the fan up', () => signUp(url, 'pages_fan'));
  const authors = await attempt('sign the authors up', () =>
    signUpMany(url, 'pages_author_', AUTHORS),
  );
  const db = await attempt('connect to the database', () => connectDatabase(server.dataDir));
  if (fan) {
    const auth = { authorization: `Bearer ${fan.access}` };
    pages.feed = { ok: true, path: '/api/posts/?limit=20', headers: auth };
    pages.feedCompressed = {
      ok: true,
      path: '/api/posts/?limit=20',
      headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' },
    };
    pages.notifications = { ok: true, path: '/api/notifications/?limit=200', headers: auth };
    const author = authors?.[0];
    const postId =
      db && authors && (await attempt('insert the posts', () => insertPosts(db, authors)));
    if (postId && author) {
      pages.post = { ok: true, path: `/api/posts/${postId}/`, headers: auth };
      pages.profile = {
        ok: true,
        path: `/api/posts/user/${encodeURIComponent(author.username)}/?limit=20`,
        headers: auth,
      };
    }
    if (authors) {
      const followed = await attempt('have the authors follow the fan', async () => {
        for (const follower of authors) {
          await api(url, follower.access, 'POST', `/api/auth/users/${fan.id}/follow/`);
        }
        return authors.length;
      });
      if (!followed) pages.notifications = missing('no notifications could be made');
    }
    const conversationId =
      author && (await attempt('make the conversation', () => converse(url, fan, author)));
    if (conversationId) {
      pages.messages = {
        ok: true,
        path: `/api/messaging/conversations/${conversationId}/messages/`,
        headers: auth,
      };
    }
  }
  for (const { key } of PAGES) pages[key] = await check(url, pages[key]);
  notes.unshift(
    `world: ${authors?.length ?? 0} authors x ${POSTS_PER_AUTHOR} posts, a fan following nobody, ` +
      `${pages.messages.ok ? MESSAGES : 0} messages, ${pages.notifications.ok ? AUTHORS : 0} follow notifications; ` +
      `made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { pages, notes, db };
}
