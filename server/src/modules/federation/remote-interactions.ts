import { randomUUID } from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import { Announce, Create, Like, Note, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  remoteActors,
  remoteBoosts,
  remoteFollows,
  remoteInteractions,
  remotePosts,
} from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { instantOf, textToHtml } from './objects.ts';

type Kind = 'like' | 'boost';

/** The remote post, when it is in the user's home feed. */
async function postSeenBy(db: Database, userId: number, postId: number) {
  const [row] = await db
    .select({ post: remotePosts, actor: remoteActors })
    .from(remotePosts)
    .innerJoin(remoteActors, eq(remoteActors.id, remotePosts.remoteActorId))
    .where(
      and(
        eq(remotePosts.id, postId),
        // In their feed: its author followed, or boosted by an account they follow.
        sql`exists (select 1 from ${remoteFollows} where ${remoteFollows.userId} = ${userId} and ${remoteFollows.state} = 'accepted' and (${remoteFollows.remoteActorId} = ${remotePosts.remoteActorId} or ${remoteFollows.remoteActorId} in (select ${remoteBoosts.boosterId} from ${remoteBoosts} where ${remoteBoosts.remotePostId} = ${remotePosts.id})))`,
      ),
    );
  if (!row?.actor.inbox) throw new NotFoundError('Post not found.');
  return { post: row.post, actor: row.actor, inbox: row.actor.inbox };
}

async function stateOf(db: Database, userId: number, postId: number) {
  const rows = await db
    .select({ kind: remoteInteractions.kind })
    .from(remoteInteractions)
    .where(and(eq(remoteInteractions.userId, userId), eq(remoteInteractions.remotePostId, postId)));
  const kinds = new Set(rows.map((row) => row.kind));
  return { liked_by_me: kinds.has('like'), boosted_by_me: kinds.has('boost') };
}

/**
 * What a local user does to a remote post in their feed (issue 36): like it, boost it (and
 * undo either), reply to it. Each is sent signed from the user's actor to the author's inbox,
 * through Fedify's queue; a like or boost made twice is sent once.
 */
export function createRemoteInteractions(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
}) {
  const { db } = deps;
  const context = (): Context<void> =>
    deps.federation.createContext(new URL(deps.publicUrl), undefined);
  const recipientOf = (actor: { uri: string; sharedInbox: string | null }, inbox: string) => ({
    id: new URL(actor.uri),
    inboxId: new URL(inbox),
    endpoints: actor.sharedInbox ? { sharedInbox: new URL(actor.sharedInbox) } : null,
  });

  function activityOf(
    ctx: Context<void>,
    userId: number,
    kind: Kind,
    id: URL,
    note: URL,
    author: URL,
  ) {
    const actor = ctx.getActorUri(String(userId));
    return kind === 'like'
      ? new Like({ id, actor, object: note, to: author })
      : new Announce({
          id,
          actor,
          object: note,
          to: PUBLIC_COLLECTION,
          ccs: [author, ctx.getFollowersUri(String(userId))],
        });
  }

  return {
    async react(userId: number, postId: number, kind: Kind) {
      const { post, actor, inbox } = await postSeenBy(db, userId, postId);
      const ctx = context();
      const id = new URL(`#${kind}s/${randomUUID()}`, ctx.getActorUri(String(userId)));
      const [made] = await db
        .insert(remoteInteractions)
        .values({ userId, remotePostId: post.id, kind, activityUri: id.href })
        .onConflictDoNothing()
        .returning({ id: remoteInteractions.id });
      if (made) {
        const activity = activityOf(ctx, userId, kind, id, new URL(post.uri), new URL(actor.uri));
        await ctx.sendActivity({ identifier: String(userId) }, recipientOf(actor, inbox), activity);
      }
      return stateOf(db, userId, post.id);
    },

    async undo(userId: number, postId: number, kind: Kind) {
      const { post, actor, inbox } = await postSeenBy(db, userId, postId);
      const [removed] = await db
        .delete(remoteInteractions)
        .where(
          and(
            eq(remoteInteractions.userId, userId),
            eq(remoteInteractions.remotePostId, post.id),
            eq(remoteInteractions.kind, kind),
          ),
        )
        .returning({ activityUri: remoteInteractions.activityUri });
      if (removed) {
        const ctx = context();
        const id = new URL(removed.activityUri);
        const undone = activityOf(ctx, userId, kind, id, new URL(post.uri), new URL(actor.uri));
        await ctx.sendActivity(
          { identifier: String(userId) },
          recipientOf(actor, inbox),
          new Undo({
            id: new URL(`${id.href}/undo`),
            actor: ctx.getActorUri(String(userId)),
            object: undone,
          }),
        );
      }
      return stateOf(db, userId, post.id);
    },

    /** A reply: a public `Note` in reply to the post, sent to its author in a `Create`. */
    async reply(userId: number, postId: number, content: string) {
      const { post, actor, inbox } = await postSeenBy(db, userId, postId);
      const ctx = context();
      const me = ctx.getActorUri(String(userId));
      const id = new URL(`#replies/${randomUUID()}`, me);
      await db
        .insert(remoteInteractions)
        .values({ userId, remotePostId: post.id, kind: 'reply', activityUri: id.href, content });
      const note = new Note({
        id,
        attribution: me,
        replyTarget: new URL(post.uri),
        content: textToHtml(content),
        to: PUBLIC_COLLECTION,
        cc: new URL(actor.uri),
        published: instantOf(new Date()),
      });
      await ctx.sendActivity(
        { identifier: String(userId) },
        recipientOf(actor, inbox),
        new Create({
          id: new URL(`${id.href}/create`),
          actor: me,
          object: note,
          to: PUBLIC_COLLECTION,
          cc: new URL(actor.uri),
        }),
      );
      return stateOf(db, userId, post.id);
    },
  };
}
