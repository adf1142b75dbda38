import type { InboxContext } from '@fedify/fedify';
import { type Announce, isActor, Note, type Undo } from '@fedify/vocab';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remoteActors, remoteBoosts } from '../../db/schema/index.ts';
import { rememberActor } from './remote-actors.ts';
import { followedActorId } from './remote-follows.ts';
import { isPublicNote, storeRemotePost } from './remote-post-store.ts';

/**
 * The boosted note, as its author's server serves it. An embedded copy is trusted only when it
 * is the booster's own note; anyone else's is fetched from where it lives, so a booster cannot
 * put words in another account's mouth.
 */
async function boostedNote(ctx: InboxContext<void>, announce: Announce, sender: URL) {
  const objectId = announce.objectId;
  if (!objectId) return undefined;
  const embedded = await announce.getObject(ctx).catch(() => null);
  const own =
    embedded instanceof Note &&
    embedded.id?.href === objectId.href &&
    objectId.origin === sender.origin &&
    embedded.attributionIds.some((id) => id.href === sender.href);
  const object = own
    ? embedded
    : await ctx.lookupObject(objectId, { documentLoader: ctx.documentLoader }).catch(() => null);
  if (!(object instanceof Note) || object.id?.href !== objectId.href) return undefined;
  return object;
}

/**
 * An `Announce` (boost) by an account a local user follows, of a remote public note: the note
 * is stored under its own author (fetched and remembered), and the boost shows it in the
 * followers' home feeds. Answers false for anything else (a boost of a local post is a share,
 * `inbox-likes.ts`).
 */
export async function receiveFollowedBoost(
  ctx: InboxContext<void>,
  db: Database,
  announce: Announce,
): Promise<boolean> {
  const sender = announce.actorId;
  if (!sender || !announce.id || announce.id.origin !== sender.origin) return false;
  if (ctx.parseUri(announce.objectId) !== null) return false;
  const boosterId = await followedActorId(db, sender.href);
  if (boosterId === undefined) return false;
  const note = await boostedNote(ctx, announce, sender);
  if (!note?.id || !isPublicNote(note) || note.replyTargetId) return false;
  const author = await note.getAttribution(ctx).catch(() => null);
  if (!author || !isActor(author) || !author.id || author.id.origin !== note.id.origin)
    return false;
  const authorRow = await rememberActor(db, author, { documentLoader: ctx.documentLoader });
  const postId = await storeRemotePost(db, authorRow.id, note, ctx.documentLoader);
  if (postId === undefined) return false;
  const published = announce.published
    ? new Date(announce.published.epochMilliseconds)
    : new Date();
  await db
    .insert(remoteBoosts)
    .values({
      announceUri: announce.id.href,
      boosterId,
      remotePostId: postId,
      published: published.getTime() > Date.now() ? new Date() : published,
    })
    .onConflictDoNothing({ target: remoteBoosts.announceUri });
  return true;
}

/** The booster's `Undo` of a boost we showed: it leaves the feeds. */
export async function undoFollowedBoost(db: Database, undo: Undo): Promise<boolean> {
  const sender = undo.actorId?.href;
  const announce = undo.objectId?.href;
  if (!sender || !announce) return false;
  const removed = await db
    .delete(remoteBoosts)
    .where(
      and(
        eq(remoteBoosts.announceUri, announce),
        sql`${remoteBoosts.boosterId} = (select ${remoteActors.id} from ${remoteActors} where ${remoteActors.uri} = ${sender})`,
      ),
    )
    .returning({ id: remoteBoosts.id });
  return removed.length > 0;
}
