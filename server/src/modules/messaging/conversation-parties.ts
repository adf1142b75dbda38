import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { createKeptLookup } from '../../lib/kept-lookup.ts';
import { findConversationParties, type ConversationParties, type Party } from './repo.ts';

/**
 * Who each conversation is between, with the names and creator flags a send writes, kept in
 * memory: sending is the busiest write, and a conversation's two sides never change but for an
 * account deletion. A deletion empties its side of every conversation, and a change of name or
 * creator status changes what a send writes; both are rare, so either drops everything, on every
 * instance, when the database's notice arrives. While notices are not arriving nothing is kept.
 * Conversations asked for in one turn of the event loop share one query (`lib/kept-lookup.ts`).
 */
export function createConversationParties(db: Database, notices: ChangeNotices) {
  const kept = createKeptLookup<ConversationParties>({
    maxAgeMs: 15 * 60_000,
    maxValues: 100_000,
    live: () => notices.live,
    read: (ids) => findConversationParties(db, ids),
  });
  notices.subscribe((notice) => {
    // 'feed' is also what a change of username or is_creator sends (see migration 0011).
    if (notice.kind === 'account_deleted' || notice.kind === 'feed' || notice.kind === 'reset') {
      kept.clear();
    }
  });

  return (conversationId: number): Promise<ConversationParties | undefined> =>
    kept.get(conversationId);
}

/**
 * `userId`'s side of the conversation and the other side (null once that account is gone), or
 * undefined when `userId` takes no part in it.
 */
export function sidesOf(
  parties: ConversationParties,
  userId: number,
): { own: NonNullable<Party>; other: Party } | undefined {
  if (parties.low?.id === userId) return { own: parties.low, other: parties.high };
  if (parties.high?.id === userId) return { own: parties.high, other: parties.low };
  return undefined;
}
