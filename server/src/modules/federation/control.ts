import type { Federation } from '@fedify/fedify';
import { Block, Follow, isActor, Reject, Undo } from '@fedify/vocab';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationActorBlocks, remoteFollowers } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isAccountOnBlockedDomain } from './domain-blocks.ts';
import type { FollowerState } from './followers.ts';

type FollowerRow = typeof remoteFollowers.$inferSelect;

/** A follower as the creator's screens show it. */
function presentFollower(row: FollowerRow) {
  return {
    id: row.id,
    actor_id: row.actorId,
    handle: row.handle ?? row.actorId,
    since: row.createdAt.toISOString(),
  };
}

type ActorBlockRow = typeof federationActorBlocks.$inferSelect;

/** A remote actor the creator blocked, as their screen shows it. */
function presentBlocked(row: ActorBlockRow) {
  return {
    id: row.id,
    actor_id: row.actorId,
    handle: row.handle ?? row.actorId,
    since: row.createdAt.toISOString(),
  };
}

/** The `Block` of a remote actor, its id on the block's row so its `Undo` names it again. */
function blockOf(actor: URL, row: ActorBlockRow): Block {
  return new Block({
    id: new URL(`#blocks/${row.id}`, actor),
    actor,
    object: new URL(row.actorId),
  });
}

/** Fedify's recipient of one remote actor: its own inbox (a Reject or Block is for it alone). */
function recipientOf(row: FollowerRow) {
  return { id: new URL(row.actorId), inboxId: new URL(row.inbox) };
}

/** Whether the creator blocked this remote actor: its `Follow` is refused (`inbox.ts`). */
export async function isActorBlockedBy(db: Database, userId: number, actorId: string) {
  const [row] = await db
    .select({ id: federationActorBlocks.id })
    .from(federationActorBlocks)
    .where(
      and(eq(federationActorBlocks.userId, userId), eq(federationActorBlocks.actorId, actorId)),
    );
  return row !== undefined;
}

/**
 * What a creator does with their remote audience (issue 36, control): list follow requests and
 * followers, approve or decline a request, remove or block a follower. Every action is on the
 * creator's own rows (another's is a 404), and what it sends goes through Fedify's queue,
 * signed with the creator's key.
 */
export function createFederationControl(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  /** `approveRemoteFollower` with the publisher's first-follower step. */
  approve: (userId: number, actorId: string) => Promise<boolean>;
}) {
  const { db, federation, publicUrl } = deps;
  const context = () => federation.createContext(new URL(publicUrl), undefined);

  const listOf = async (userId: number, state: FollowerState) => {
    const rows = await db
      .select()
      .from(remoteFollowers)
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.state, state)))
      .orderBy(asc(remoteFollowers.id));
    return { results: rows.map(presentFollower) };
  };

  const findOwn = async (userId: number, id: number, state: FollowerState) => {
    const [row] = await db
      .select()
      .from(remoteFollowers)
      .where(
        and(
          eq(remoteFollowers.id, id),
          eq(remoteFollowers.userId, userId),
          eq(remoteFollowers.state, state),
        ),
      );
    if (!row) {
      throw new NotFoundError(
        state === 'pending' ? 'No such follow request.' : 'No such remote follower.',
      );
    }
    return row;
  };

  /** Removes the row (once: a racing second call finds nothing) and answers it. */
  const takeOwn = async (userId: number, id: number, state: FollowerState) => {
    const row = await findOwn(userId, id, state);
    const [removed] = await db
      .delete(remoteFollowers)
      .where(and(eq(remoteFollowers.id, row.id), eq(remoteFollowers.state, state)))
      .returning();
    if (!removed) throw new NotFoundError('No such remote follower.');
    return removed;
  };

  /** `Reject` of the follower's `Follow`: Mastodon reads it as "no longer following". */
  const sendReject = async (userId: number, row: FollowerRow) => {
    const ctx = context();
    const identifier = String(userId);
    const actor = ctx.getActorUri(identifier);
    const follow = new Follow({
      id: row.followId === null ? null : new URL(row.followId),
      actor: new URL(row.actorId),
      object: actor,
    });
    await ctx.sendActivity(
      { identifier },
      recipientOf(row),
      new Reject({
        id: new URL(`#rejects/${row.id}/${Date.now()}`, actor),
        actor,
        object: follow,
      }),
    );
  };

  return {
    listRequests: (userId: number) => listOf(userId, 'pending'),
    listFollowers: (userId: number) => listOf(userId, 'accepted'),

    async approve(userId: number, id: number) {
      const row = await findOwn(userId, id, 'pending');
      if (!(await deps.approve(userId, row.actorId))) {
        throw new NotFoundError('No such follow request.');
      }
      return { message: 'Follow request approved.' };
    },

    async decline(userId: number, id: number) {
      await sendReject(userId, await takeOwn(userId, id, 'pending'));
      return { message: 'Follow request declined.' };
    },

    async remove(userId: number, id: number) {
      await sendReject(userId, await takeOwn(userId, id, 'accepted'));
      return { message: 'Follower removed.' };
    },

    /** `Block` of the actor; it stops following and its later `Follow`s are refused. */
    async block(userId: number, id: number) {
      const row = await takeOwn(userId, id, 'accepted');
      const [block] = await db
        .insert(federationActorBlocks)
        .values({ userId, actorId: row.actorId, handle: row.handle })
        .onConflictDoUpdate({
          target: [federationActorBlocks.userId, federationActorBlocks.actorId],
          set: { handle: row.handle },
        })
        .returning();
      if (!block) throw new NotFoundError('No such remote follower.');
      const ctx = context();
      const identifier = String(userId);
      await ctx.sendActivity(
        { identifier },
        recipientOf(row),
        blockOf(ctx.getActorUri(identifier), block),
      );
      return { message: 'Follower blocked.' };
    },

    async listBlocked(userId: number) {
      const rows = await db
        .select()
        .from(federationActorBlocks)
        .where(eq(federationActorBlocks.userId, userId))
        .orderBy(asc(federationActorBlocks.id));
      return { results: rows.map(presentBlocked) };
    },

    /**
     * Lifts a block: the actor may follow again, and is sent the `Undo` of the `Block` (its
     * inbox read from its document, signed as the creator) unless it cannot be reached or is
     * on a blocked domain; the block is lifted here either way.
     */
    async unblock(userId: number, id: number) {
      const [row] = await db
        .delete(federationActorBlocks)
        .where(and(eq(federationActorBlocks.id, id), eq(federationActorBlocks.userId, userId)))
        .returning();
      if (!row) throw new NotFoundError('No such blocked account.');
      if (await isAccountOnBlockedDomain(db, row.actorId)) return { message: 'Unblocked.' };
      const ctx = context();
      const identifier = String(userId);
      const documentLoader = await ctx.getDocumentLoader({ identifier });
      const found = await ctx.lookupObject(row.actorId, { documentLoader }).catch(() => null);
      if (!found || !isActor(found) || !found.id || found.id.href !== row.actorId) {
        return { message: 'Unblocked.' };
      }
      if (!found.inboxId) return { message: 'Unblocked.' };
      const actor = ctx.getActorUri(identifier);
      const block = blockOf(actor, row);
      await ctx.sendActivity(
        { identifier },
        found,
        new Undo({ id: new URL(`${block.id?.href ?? ''}/undo`), actor, object: block }),
      );
      return { message: 'Unblocked.' };
    },
  };
}

export type FederationControl = ReturnType<typeof createFederationControl>;
