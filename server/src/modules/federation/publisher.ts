import { createHash } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION, Tombstone, Update, type Note } from '@fedify/vocab';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { federatedPosts, users } from '../../db/schema/index.ts';
import { listFullyPublicPosts } from '../posts/index.ts';
import { countAcceptedFollowers } from './followers.ts';
import { createOfPost, ownText } from './objects.ts';
import { filesOf, mediaTypeOf, type PublicPostRow } from './public-media.ts';
import { publishesToFediverse } from './publishing-setting.ts';
import { findActorUser } from './repo.ts';

type Log = { error: (obj: object, msg: string) => void };

/** Posts read per statement while walking an author's public posts. */
const SCAN_PAGE = 200;

/** What a follower sees of a post: its text and its files; another digest sends an `Update`. */
function digestOf(row: PublicPostRow): string {
  const files = filesOf(row).map((file) => [file.kind, mediaTypeOf(row, file) ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([ownText(row.post.content), files]))
    .digest('base64url');
}

/**
 * Sends each author's remote followers what changed of their fully public posts: `Create` of a
 * post that became fully public (created, published, its gate removed, its video ready),
 * `Update` of one whose text or files changed, `Delete` of one deleted or no longer fully public
 * (locked, priced, password, the profile locked or paid). It compares the posts module's list of
 * fully public posts (`listFullyPublicPosts`, the one rule) with `federated_posts`, what was
 * sent, after every change notice of the author's posts, so no write path of the posts module
 * has to know about federation, and a post's API call never waits: deliveries go on Fedify's
 * queue. Each transition is claimed by one conditional write, so when every instance hears the
 * notice only one sends it.
 *
 * An author without remote followers sends nothing and keeps no record; their first follower
 * is preceded by `seed`, which records what is public then without sending it (Mastodon does
 * not expect a new follow to bring the back catalogue).
 */
export function createPostPublisher(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  log: Log;
}) {
  const { db, federation, publicUrl, log } = deps;
  /** One pass per author at a time on this instance; a notice during a pass asks for another. */
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();

  async function publicRowsOf(user: NonNullable<Awaited<ReturnType<typeof findActorUser>>>) {
    const rows: PublicPostRow[] = [];
    let cursor: { createdAt: Date; id: number } | undefined;
    do {
      const page = await listFullyPublicPosts(db, user, cursor, SCAN_PAGE);
      rows.push(...page.posts);
      cursor = page.next;
    } while (cursor);
    return rows;
  }

  async function pass(authorId: number, mode: 'send' | 'seed') {
    const identifier = String(authorId);
    const user = await findActorUser(db, identifier);
    // A suspended account has no actor and no keys to sign with; it is taken up when let back.
    if (!user) return;
    if (mode === 'send' && (await countAcceptedFollowers(db, authorId)) === 0) {
      await db.delete(federatedPosts).where(eq(federatedPosts.authorId, authorId));
      return;
    }
    const ctx = federation.createContext(new URL(publicUrl), undefined);
    const uris = {
      actor: ctx.getActorUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      publicUrl,
    };
    const sent = new Map(
      (
        await db
          .select({ postId: federatedPosts.postId, digest: federatedPosts.digest })
          .from(federatedPosts)
          .where(eq(federatedPosts.authorId, authorId))
      ).map((row) => [row.postId, row.digest]),
    );
    const send = (activity: Delete | Update | ReturnType<typeof createOfPost>, postId: number) =>
      mode === 'send'
        ? ctx.sendActivity({ identifier }, 'followers', activity, {
            preferSharedInbox: true,
            // A post's Create, Updates and Delete reach each inbox in the order they were sent.
            orderingKey: `post:${postId}`,
          })
        : Promise.resolve();

    // Not publishing to the fediverse: nothing is public there, so what was sent is deleted.
    const rows = (await publishesToFediverse(db, authorId)) ? await publicRowsOf(user) : [];
    for (const row of rows) {
      const postId = row.post.id;
      const digest = digestOf(row);
      const before = sent.get(postId);
      sent.delete(postId);
      if (before === digest) continue;
      const create = createOfPost(row, uris);
      if (before === undefined) {
        const claimed = await db
          .insert(federatedPosts)
          .values({ postId, authorId, digest })
          .onConflictDoNothing()
          .returning({ postId: federatedPosts.postId });
        // Its own id each time: a post public again after a Delete is a new Create to receivers.
        const fresh = create.clone({
          id: new URL(`/ap/posts/${postId}#creates/${Date.now()}`, publicUrl),
        });
        if (claimed.length > 0) await send(fresh, postId);
        continue;
      }
      const claimed = await db
        .update(federatedPosts)
        .set({ digest, sentAt: new Date() })
        .where(and(eq(federatedPosts.postId, postId), eq(federatedPosts.digest, before)))
        .returning({ postId: federatedPosts.postId });
      if (claimed.length === 0) continue;
      const note = (await create.getObject()) as Note;
      const update = new Update({
        id: new URL(`/ap/posts/${postId}#updates/${Date.now()}`, publicUrl),
        actor: uris.actor,
        object: note,
        to: PUBLIC_COLLECTION,
        cc: uris.followers,
      });
      await send(update, postId);
    }

    // What was sent and is public no more: deleted, gated, or its profile locked.
    for (const [postId, digest] of sent) {
      const claimed = await db
        .delete(federatedPosts)
        .where(and(eq(federatedPosts.postId, postId), eq(federatedPosts.digest, digest)))
        .returning({ postId: federatedPosts.postId });
      if (claimed.length === 0) continue;
      const noteId = new URL(`/ap/posts/${postId}`, publicUrl);
      const remove = new Delete({
        id: new URL(`/ap/posts/${postId}#delete/${Date.now()}`, publicUrl),
        actor: uris.actor,
        object: new Tombstone({ id: noteId }),
        to: PUBLIC_COLLECTION,
        cc: uris.followers,
      });
      await send(remove, postId);
    }
  }

  /** Runs a pass for the author now, or once more after the one running. */
  function schedule(authorId: number): Promise<void> {
    const current = running.get(authorId);
    if (current) {
      again.add(authorId);
      return current;
    }
    const run = (async () => {
      try {
        do {
          again.delete(authorId);
          await pass(authorId, 'send').catch((error: unknown) =>
            log.error({ err: error, authorId }, 'federation: could not publish post changes'),
          );
        } while (again.has(authorId));
      } finally {
        running.delete(authorId);
      }
    })();
    running.set(authorId, run);
    return run;
  }

  /**
   * Authors whose sent posts may all have stopped being public at once (their profile locked,
   * subscriptions priced): a `feed` notice names no author, so those with records are asked.
   */
  async function passGatedAuthors() {
    const rows = await db
      .selectDistinct({ authorId: federatedPosts.authorId })
      .from(federatedPosts)
      .innerJoin(users, eq(users.id, federatedPosts.authorId))
      .where(
        and(
          isNull(users.suspendedAt),
          or(users.isProfileLocked, and(users.isCreator, sql`${users.subscriptionPriceCents} > 0`)),
        ),
      );
    await Promise.all(rows.map((row) => schedule(row.authorId)));
  }

  return {
    /** Follows the change notices until the returned function is called. */
    listen(changes: ChangeNotices): () => void {
      return changes.subscribe((notice) => {
        if (notice.kind === 'posts_changed') void schedule(notice.userId);
        else if (notice.kind === 'feed') {
          passGatedAuthors().catch((error: unknown) =>
            log.error({ err: error }, 'federation: could not check gated authors'),
          );
        }
      });
    },
    /** Sends what changed of the author's public posts, now; resolves when it is queued. */
    publish: schedule,
    /** Records the author's public posts as sent without sending them: before a first follower. */
    async seed(authorId: number) {
      await running.get(authorId);
      await pass(authorId, 'seed');
    },
  };
}
