import type { InboxContext } from '@fedify/fedify';
import type { Block } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { removeRemoteFollower } from './followers.ts';
import { findActorUser } from './repo.ts';

/**
 * A remote actor's `Block` of a local user: it stops following them, so nothing of theirs is
 * delivered to it again. Its `Undo` changes nothing: it would have to follow again.
 */
export async function receiveBlock(ctx: InboxContext<void>, db: Database, block: Block) {
  const actorId = block.actorId?.href;
  if (!actorId) return;
  const target = ctx.parseUri(block.objectId);
  if (target?.type !== 'actor') return;
  const user = await findActorUser(db, target.identifier);
  if (user) await removeRemoteFollower(db, user.id, actorId);
}
