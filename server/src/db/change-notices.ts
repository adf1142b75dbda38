import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel the triggers of migration 0011 notify on. */
export const CHANGES_CHANNEL = 'zura_changes';
const RECONNECT_MS = 1_000;

/**
 * What a notice says: `posts_changed` with the author whose posts changed; `feed` when author
 * fields a feed shows (name, avatar, lock, price) or media variants changed;
 * `account_deleted` with the id of an account that is gone; `following_changed` with the id of a
 * user who followed, unfollowed, subscribed or whose subscription changed; `library_changed` with
 * the owner of uploads or sent attachments that changed; `session_ended` with a session that
 * ended (signed out, revoked, its account deleted); `blocked` with the two users of a block
 * just made (smaller id first; sent by the blocking transaction, `blockedNotice`);
 * `viewer_changed` with a user whose likes, unlocks, purchases or blocks changed; `post_counts`
 * with a post's like and comment counts as committed; `suspensions` when someone was suspended
 * or let back (migration 0037); `conversation_changed` with a conversation whose messages, unlocks,
 * attachments, unread counters, calls or message notifications changed, and
 * `notifications_changed` with a user whose notifications were written, read or deleted
 * (migration 0040); `reset` when
 * notices may have been missed (the listening connection was lost or has just been made), so
 * every copy is suspect.
 */
type ChangeNotice =
  | { kind: 'feed' }
  | { kind: 'posts_changed'; userId: number }
  | { kind: 'account_deleted'; userId: number }
  | { kind: 'following_changed'; userId: number }
  | { kind: 'library_changed'; userId: number }
  | { kind: 'session_ended'; sessionId: number }
  | { kind: 'blocked'; userIds: [number, number] }
  | { kind: 'viewer_changed'; userId: number }
  | { kind: 'post_counts'; postId: number; likeCount: number; commentCount: number }
  | { kind: 'suspensions' }
  | { kind: 'conversation_changed'; conversationId: number }
  | { kind: 'notifications_changed'; userId: number }
  | { kind: 'reset' };

/** The payload of the notice of a block between `a` and `b`, either way. */
export function blockedNotice(a: number, b: number): string {
  return `blocked:${Math.min(a, b)}:${Math.max(a, b)}`;
}

export interface ChangeNotices {
  /** Whether notices are arriving now; a cache must not answer from memory while this is false. */
  readonly live: boolean;
  subscribe(handler: (notice: ChangeNotice) => void): () => void;
  /**
   * Tells this instance's caches of a change it has just committed, without waiting for the
   * database's notice (which follows, and reaches the other instances): a user who writes and
   * reads again at once must see their write.
   */
  announce(notice: ChangeNotice): void;
  /**
   * Resolves once every notice of a transaction committed before the call has been heard here
   * (PostgreSQL delivers notices in commit order, so hearing a marker sent now is enough). For
   * tests that write behind the platform's back, with SQL, and read at once.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const SYNC_TIMEOUT_MS = 5_000;

function parse(payload: string | undefined): ChangeNotice | undefined {
  if (payload === 'feed') return { kind: 'feed' };
  if (payload === 'suspensions') return { kind: 'suspensions' };
  const counts = /^post_counts:(\d+):(\d+):(\d+)$/.exec(payload ?? '');
  if (counts) {
    const [postId, likeCount, commentCount] = counts.slice(1).map(Number) as [
      number,
      number,
      number,
    ];
    return { kind: 'post_counts', postId, likeCount, commentCount };
  }
  const pair = /^blocked:(\d+):(\d+)$/.exec(payload ?? '');
  if (pair) return { kind: 'blocked', userIds: [Number(pair[1]), Number(pair[2])] };
  const match = /^(\w+):(\d+)$/.exec(payload ?? '');
  const kind = match?.[1];
  if (kind === 'session_ended') return { kind, sessionId: Number(match?.[2]) };
  if (kind === 'conversation_changed') return { kind, conversationId: Number(match?.[2]) };
  if (
    kind !== 'account_deleted' &&
    kind !== 'following_changed' &&
    kind !== 'posts_changed' &&
    kind !== 'library_changed' &&
    kind !== 'viewer_changed' &&
    kind !== 'notifications_changed'
  ) {
    return undefined;
  }
  return { kind, userId: Number(match?.[2]) };
}

/**
 * Listens on its own connection (LISTEN cannot share a pooled one) for the notices the database's
 * triggers send at commit, so that every instance on one database hears every write, whichever
 * instance or script made it. The connection is made again when it drops; until then `live` is
 * false and caches read through to the database.
 */
export async function listenForChanges(
  connectionString: string,
  onError: (error: Error) => void,
): Promise<ChangeNotices> {
  const handlers = new Set<(notice: ChangeNotice) => void>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Markers sent by `sync`, and what to call when each comes back. */
  const markers = new Map<string, () => void>();

  const emit = (notice: ChangeNotice) => {
    for (const handler of handlers) handler(notice);
  };

  const lost = (error?: Error) => {
    if (error) onError(error);
    if (client === undefined) return;
    client.removeAllListeners();
    void client.end().catch(() => undefined);
    client = undefined;
    live = false;
    emit({ kind: 'reset' });
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const heard = markers.get(message.payload ?? '');
      if (heard) {
        heard();
        return;
      }
      const notice = parse(message.payload);
      if (notice) emit(notice);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      live = true;
      // Anything may have changed while nobody listened.
      emit({ kind: 'reset' });
    } catch (error) {
      lost(error as Error);
    }
  }

  /** The last sync marker's query: the next one waits for it. */
  let markersSent: Promise<void> = Promise.resolve();
  await connect();
  return {
    get live() {
      return live;
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    announce: emit,
    async sync() {
      const current = client;
      if (!live || !current) return;
      // Other instances hear it too; a random name keeps theirs from answering ours.
      const marker = `sync:${randomUUID()}`;
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          markers.delete(marker);
          reject(new Error('change notices: a sync marker did not come back'));
        }, SYNC_TIMEOUT_MS);
        markers.set(marker, () => {
          clearTimeout(timer);
          markers.delete(marker);
          resolve();
        });
      });
      // One query at a time on the listening connection: pg queues overlapping ones but warns
      // (and pg 9 refuses them). Each marker still leaves after its caller asked.
      const sent = markersSent.then(() =>
        current.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, marker]),
      );
      markersSent = sent.then(
        () => undefined,
        () => undefined,
      );
      await sent;
      await heard;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      live = false;
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
      handlers.clear();
    },
  };
}
