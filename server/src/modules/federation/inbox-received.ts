import type { InboxListenerSetters } from '@fedify/fedify';
import { Announce, Block, Flag, Like, Move } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { receiveBlock } from './inbox-blocks.ts';
import { receiveFollowedBoost } from './inbox-boosts.ts';
import { receiveFlag } from './inbox-flags.ts';
import { receiveReaction } from './inbox-likes.ts';
import { receiveMove } from './inbox-moves.ts';

/**
 * The inbox listeners of what remote servers do with local users and posts (`inbox.ts` adds
 * them beside `Follow`): likes and boosts of fully public posts, reports (`Flag`), blocks, and
 * the `Move` of a remote account local users follow.
 * Their `Undo` is `undoReaction` (`inbox-likes.ts`); an `Undo` of a `Block` does nothing.
 */
export function listenToReceivedActivities(inboxes: InboxListenerSetters<void>, db: Database) {
  inboxes
    .on(Like, (ctx, like) => receiveReaction(ctx, db, 'like', like))
    // A followed account's boost of a remote note goes to the home feeds (`inbox-boosts.ts`);
    // a boost of a local post is a share.
    .on(Announce, async (ctx, announce) => {
      if (await receiveFollowedBoost(ctx, db, announce)) return;
      await receiveReaction(ctx, db, 'share', announce);
    })
    .on(Flag, (ctx, flag) => receiveFlag(ctx, db, flag))
    .on(Block, (ctx, block) => receiveBlock(ctx, db, block))
    .on(Move, (ctx, move) => receiveMove(ctx, db, move));
}
