import DataLoader from 'dataloader';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import { findConversationParties, type ConversationParties } from './repo.ts';

/**
 * Who each conversation is between, with the names and creator flags a send writes, kept in
 * memory: sending is the busiest write, and a conversation's two sides never change but for an
 * account deletion. A deletion empties its side of every conversation, and a change of name or
 * creator status changes what a send writes; both are rare, so either drops everything, on every
 * instance, when the database's notice arrives. While notices are not arriving nothing is kept.
 *
 * Conversations not kept that are asked for in one turn of the event loop share one query (as
 * in `users/account-check.ts`): after a start, sends queue up and arrive together.
 */
export function createConversationParties(db: Database, notices: ChangeNotices) {
  const kept = createKeptValues<ConversationParties>({
    maxAgeMs: 15 * 60_000,
    maxWeight: 100_000,
    live: () => notices.live,
  });
  notices.subscribe((notice) => {
    // 'feed' is also what a change of username or is_creator sends (see migration 0011).
    if (notice.kind === 'account_deleted' || notice.kind === 'feed' || notice.kind === 'reset') {
      kept.clear();
    }
  });
  const lookups = new DataLoader<number, ConversationParties | undefined>(
    async (ids) => {
      const found = await findConversationParties(db, ids);
      return ids.map((id) => found.get(id));
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  );

  return async function partiesOf(
    conversationId: number,
  ): Promise<ConversationParties | undefined> {
    const fresh = kept.fresh(conversationId);
    if (fresh) return fresh;
    const stamp = kept.stamp(conversationId);
    const found = await lookups.load(conversationId);
    if (found) kept.keep(conversationId, found, stamp);
    return found;
  };
}
