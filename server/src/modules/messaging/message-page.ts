import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import type { CallSummary } from '@zura/contracts';
import type { AttachmentSource } from './presenter.ts';

/** One message of a page, with what it is presented with. */
type PageMessage = {
  message: Omit<MessageRow, 'massMessageId' | 'readAt'>;
  senderUsername: string | null;
  attachments: AttachmentSource[];
  unlocked: boolean;
  /** The call a system message announces, with its state. */
  call: CallSummary | null;
};

/**
 * A page of a conversation as its reader opens it; undefined when the reader takes no part in
 * it (missing and foreign look alike). `unread` and `unreadNotices` say whether opening it has
 * anything to mark read: only then does the open write.
 */
export type MessagePage = {
  unread: number;
  unreadNotices: boolean;
  messages: PageMessage[];
};

type PageRow = {
  unread: number;
  unread_notices: boolean;
  id: string | null;
  sender_id: string | null;
  sender_username: string | null;
  text: string;
  is_locked: boolean;
  price_cents: number;
  is_system: boolean;
  room_id: string | null;
  created_at: Date;
  unlocked: boolean;
  attachments: AttachmentSource[] | null;
};

const p = sql.placeholder;

/**
 * Everything opening a conversation reads, in one prepared statement: that the reader takes part
 * in it and what they have unread there (its count, and its unread message notifications, read
 * through `notifications_unread_conversation_idx`), and the page of messages with their senders'
 * names, attachments (in order) and whether the reader unlocked each locked one. Used to be five
 * statements, one of them an UPDATE whose statement trigger ran on every open even with nothing
 * to mark read. `newestFirst` picks the messages nearest `before` (or the newest), otherwise
 * those just after `after`; either way the rows come out oldest first.
 */
function pageStatement(name: string, newestFirst: boolean) {
  const order = sql.raw(newestFirst ? 'desc' : 'asc');
  return definePrepared<PageRow>(
    name,
    () => sql`
    with conv as (
      select c.id,
             case when c.user_low_id = ${p('viewer')} then c.low_unread else c.high_unread end as unread
        from conversations c
       where c.id = ${p('conversation')}
         and (c.user_low_id = ${p('viewer')} or c.user_high_id = ${p('viewer')})
    ), page as (
      select m.id, m.sender_id, m.text, m.is_locked, m.price_cents, m.is_system, m.room_id, m.created_at
        from messages m
       where m.conversation_id = (select id from conv)
         and m.id > ${p('after')}::bigint and m.id < ${p('before')}::bigint
       order by m.id ${order}
       limit ${p('limit')}
    )
    select conv.unread,
           exists (select 1 from notifications n
                    where n.user_id = ${p('viewer')} and not n.is_read and n.type = 'message'
                      and n.data->>'conversation_id' = ${p('conversationText')}) as unread_notices,
           page.id, page.sender_id, sender.username as sender_username, page.text, page.is_locked,
           page.price_cents, page.is_system, page.room_id, page.created_at,
           page.is_locked and exists (select 1 from message_unlocks mu
                    where mu.message_id = page.id and mu.user_id = ${p('viewer')}) as unlocked,
           (select json_agg(json_build_object(
                     'id', u.id, 'originalFilename', u.original_filename,
                     'contentType', u.content_type, 'sizeBytes', u.size_bytes,
                     'variants', u.variants, 'videoState', u.video_state,
                     'videoProgress', u.video_progress, 'videoError', u.video_error,
                     'renditions', u.renditions) order by a.position)
              from message_attachments a join uploads u on u.id = a.upload_id
             where a.message_id = page.id) as attachments
      from conv
      left join page on true
      left join users sender on sender.id = page.sender_id
     order by page.id`,
  );
}

const newestPage = pageStatement('messaging_page_newest', true);
const afterPage = pageStatement('messaging_page_after', false);

/** Bounds that leave the page open on that side. */
const NO_AFTER = 0;
const NO_BEFORE = '9223372036854775807';

export async function readMessagePage(
  db: Database,
  viewerId: number,
  conversationId: number,
  options: { afterId?: number; beforeId?: number; limit: number },
  callsOf: (messageIds: number[]) => Promise<Map<number, CallSummary>>,
): Promise<MessagePage | undefined> {
  const newestFirst = options.beforeId !== undefined || options.afterId === undefined;
  const rows = await (newestFirst ? newestPage : afterPage)(db, {
    viewer: viewerId,
    conversation: conversationId,
    conversationText: String(conversationId),
    after: options.afterId ?? NO_AFTER,
    before: options.beforeId ?? NO_BEFORE,
    limit: options.limit,
  });
  const [first] = rows;
  if (!first) return undefined;
  // Only a page with a call announcement asks for call states: others cost nothing more.
  const calls = await callsOf(
    rows.flatMap((row) => (row.id !== null && row.is_system ? [Number(row.id)] : [])),
  );
  const messages: PageMessage[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    messages.push({
      message: {
        id: Number(row.id),
        conversationId,
        senderId: row.sender_id === null ? null : Number(row.sender_id),
        text: row.text,
        isLocked: row.is_locked,
        priceCents: row.price_cents,
        isSystem: row.is_system,
        roomId: row.room_id,
        createdAt: row.created_at,
      },
      senderUsername: row.sender_username,
      attachments: row.attachments ?? [],
      unlocked: row.unlocked,
      call: calls.get(Number(row.id)) ?? null,
    });
  }
  return { unread: first.unread, unreadNotices: first.unread_notices, messages };
}
