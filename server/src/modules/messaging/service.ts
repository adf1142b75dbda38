import {
  DEFAULT_UNLOCK_PRICE_CENTS,
  formatCents,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TOO_LONG,
  splitPayment,
} from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { MessageRow, NotificationRow, UploadRow } from '../../db/schema/index.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import type { CallsService } from '../calls/index.ts';
import { type MediaSigner, isVideoPublished, visibleMarkText } from '../media/index.ts';
import { recordNotice, presentNotification } from '../notifications/index.ts';
import { canViewProfile } from '../profiles/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { findUserById } from '../users/index.ts';
import { paymentLegs, postMovement } from '../wallet/index.ts';
import {
  presentAttachment,
  presentConversation,
  presentMessage,
  type MessageDetails,
} from './presenter.ts';
import { createConversationParties, sidesOf } from './conversation-parties.ts';
import { encodeCursor, type PostCursor } from '../posts/index.ts';
import * as views from './conversation-views.ts';
import { createConversationOpener, type PageOptions } from './open-conversation.ts';
import { callAnnouncementText, messageNoticeFacts, roomIdOf } from './notice-text.ts';
import * as repo from './repo.ts';
import type { ConversationParties } from './repo.ts';
import { cachedAnswer } from '../../lib/answer-cache.ts';

export type MessagingService = ReturnType<typeof createMessagingService>;

const MAX_ATTACHMENTS = 10;
export const MIN_MESSAGE_PRICE_CENTS = 100;
export const MAX_MESSAGE_PRICE_CENTS = 100_000;

export type SendMessageInput = {
  text: string;
  isLocked: boolean;
  priceCents: number | undefined;
  uploadedFileIds: string[];
  isSystem: boolean;
  roomId: string | undefined;
};

const CALL_ANNOUNCEMENT_PLAIN = 'A call announcement carries no price and no files.';

/** The refusal for either side of a block, which keeps quiet about who blocked whom. */
const BLOCKED_MESSAGE = 'You cannot message this user.';

export function createMessagingService(deps: {
  db: Database;
  uploads: UploadsService;
  signer: MediaSigner;
  bus: EventBus;
  unreadBadges: (userId: number) => Promise<{ messages: number; notifications: number }>;
  changes: ChangeNotices;
  calls: Pick<CallsService, 'announce' | 'callsOfMessages'>;
  /** The instance's address in a visible mark (`@name · host`, issue 35). */
  markHost: string;
}) {
  const { db, uploads, signer, bus, changes } = deps;
  const callsOf = deps.calls.callsOfMessages;
  const partiesOf = createConversationParties(db, changes);
  /** The viewer's visible mark text in a conversation of theirs (issue 35). */
  const viewerMarkIn = (parties: ConversationParties | undefined, userId: number) => {
    const own = [parties?.low, parties?.high].find((side) => side?.id === userId);
    return own ? visibleMarkText(own.username, deps.markHost) : undefined;
  };

  async function presentMany(
    rows: {
      message: MessageRow;
      senderUsername: string | null;
      senderVisibleMark: boolean | null;
    }[],
    viewerId: number,
    viewerMark?: string,
  ) {
    const ids = rows.map((row) => row.message.id);
    const [attachments, unlocked] = await Promise.all([
      repo.attachmentsOf(db, ids),
      repo.unlockedMessageIds(db, viewerId, ids),
    ]);
    const byMessage = new Map<number, UploadRow[]>();
    for (const { messageId, upload } of attachments) {
      byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), upload]);
    }
    return rows.map((row) =>
      presentMessage(
        row.message,
        viewerId,
        {
          senderUsername: row.senderUsername,
          senderVisibleMark: row.senderVisibleMark === true,
          attachments: byMessage.get(row.message.id) ?? [],
          unlocked: unlocked.has(row.message.id),
          viewerMark,
        },
        signer,
      ),
    );
  }

  /** Unread badges of one user, as a frame. */
  async function unreadFrame(userId: number) {
    const badges = await deps.unreadBadges(userId);
    return { userId, frame: { type: 'unread_counts' as const, ...badges } } satisfies LiveEvent;
  }

  /**
   * Sends a new message to both participants' sockets, with the recipient's notification and
   * badges. A message just written has no unlocks yet and the attachments its sender gave, so it
   * is presented from what the caller holds, without reading it back.
   */
  async function publishNewMessage(
    message: MessageRow,
    details: MessageDetails,
    participants: number[],
    notification: NotificationRow,
    recipientUnread: { messages: number; notifications: number },
  ) {
    const events: LiveEvent[] = participants.map((userId) => ({
      userId,
      frame: {
        type: 'message',
        conversation_id: message.conversationId,
        message: presentMessage(message, userId, details, signer),
      },
    }));
    events.push(
      {
        userId: notification.userId,
        frame: { type: 'notification', notification: presentNotification(notification) },
      },
      { userId: notification.userId, frame: { type: 'unread_counts', ...recipientUnread } },
    );
    await bus.publish(events);
  }

  const open = createConversationOpener({ db, bus, changes, callsOf, unreadFrame });

  return {
    unreadFrame,

    async startConversation(userId: number, recipientId: number) {
      if (recipientId === userId)
        throw new BadRequestError('You cannot start a conversation with yourself.');
      const recipient = await findUserById(db, recipientId);
      if (!recipient) throw new NotFoundError('User not found');
      if (await isBlockedEitherWay(db, userId, recipientId))
        throw new ForbiddenError(BLOCKED_MESSAGE);
      if (!(await canViewProfile(db, userId, recipient))) {
        throw new ForbiddenError('Unlock this profile before sending a message.');
      }
      await repo.ensureConversation(db, userId, recipientId);
      // Read by the pair's unique key: however many conversations the caller has.
      const row = await views.findConversationViewByPair(db, userId, recipientId);
      if (!row) throw new NotFoundError('Conversation not found.');
      return presentConversation(row, userId, signer);
    },

    /** A page of the caller's conversations (keyset, see docs), and their Messages badge. */
    async listConversations(userId: number, cursor: PostCursor | undefined, limit: number) {
      const [rows, badges] = await Promise.all([
        views.listConversationsOf(
          db,
          userId,
          cursor && { updatedAt: cursor.createdAt, id: cursor.id },
          limit,
        ),
        deps.unreadBadges(userId),
      ]);
      const last = rows.at(-1)?.conversation;
      return {
        conversations: rows.map((row) => presentConversation(row, userId, signer)),
        unreadMessages: badges.messages,
        nextCursor:
          rows.length === limit && last
            ? encodeCursor({ createdAt: last.updatedAt, id: last.id })
            : undefined,
      };
    },

    /**
     * Ascending messages; reading clears the caller's unread count for the conversation. One
     * prepared statement reads it all (`message-page.ts`); only an open that has something to
     * mark read writes.
     */
    async listMessages(userId: number, conversationId: number, options: PageOptions) {
      const page = await open(userId, conversationId, options);
      if (!page) throw new NotFoundError('Conversation not found.');
      // Paid images follow their sender's current default (issue 35), kept with the parties.
      const parties = await partiesOf(conversationId);
      const sides = [parties?.low, parties?.high];
      const marks = (id: number | null) =>
        sides.some((side) => side?.id === id && side.visibleMark);
      const flags = sides.map((side) => side?.visibleMark === true).join('|');
      const viewerMark = viewerMarkIn(parties, userId);
      // A cached newest page is the same object until the conversation changes.
      return cachedAnswer(page, `${userId}|${signer.period()}|${flags}|${viewerMark}`, () =>
        page.messages.map((row) => {
          const details = { ...row, senderVisibleMark: marks(row.message.senderId), viewerMark };
          return presentMessage(row.message, userId, details, signer);
        }),
      );
    },

    async sendMessage(senderId: number, conversationId: number, input: SendMessageInput) {
      const parties = await partiesOf(conversationId);
      const sides = parties && sidesOf(parties, senderId);
      if (!sides) throw new NotFoundError('Conversation not found.');
      const sender = sides.own;
      const recipientId = sides.other?.id ?? null;
      if (recipientId !== null && (await isBlockedEitherWay(db, senderId, recipientId))) {
        throw new ForbiddenError(BLOCKED_MESSAGE);
      }
      const errors: FieldErrors = {};
      // A system message's words are the server's: a sender could otherwise dress any text
      // up as a notice of the platform's (with the Join button of a call).
      const text = input.isSystem ? callAnnouncementText(sender.username) : input.text.trim();
      if (text.length > MESSAGE_MAX_LENGTH) errors.text = [MESSAGE_TOO_LONG];
      if (!text && input.uploadedFileIds.length === 0)
        errors.text = ['Write a message or attach a file.'];
      // A uuid in capitals is the same file: dedupe as PostgreSQL compares them.
      const ids = [...new Set(input.uploadedFileIds.map((id) => id.toLowerCase()))];
      if (ids.length > MAX_ATTACHMENTS)
        errors.uploaded_file_uuids = [`Attach at most ${MAX_ATTACHMENTS} files.`];
      const owned = await repo.findOwnAttachments(db, senderId, ids);
      const own = ids.map((id) => owned.get(id));
      if (own.some((row) => !row)) {
        errors.uploaded_file_uuids = ['Attachments must be your own uploaded message files.'];
      } else if (own.some((row) => row && !isVideoPublished(row))) {
        // A message is sent whole: its recipient never gets a video that does not play yet.
        errors.uploaded_file_uuids = [
          own.some((row) => row?.videoState === 'failed')
            ? 'A video could not be processed; attach another file.'
            : 'A video is still being processed; send it once it is ready.',
        ];
      }
      let priceCents = 0;
      if (input.isLocked) {
        if (!sender.isCreator) errors.is_locked = ['Only creators can send locked messages.'];
        priceCents = input.priceCents ?? DEFAULT_UNLOCK_PRICE_CENTS;
        if (priceCents < MIN_MESSAGE_PRICE_CENTS || priceCents > MAX_MESSAGE_PRICE_CENTS) {
          errors.price = [
            `The price must be between ${formatCents(MIN_MESSAGE_PRICE_CENTS)} and ${formatCents(MAX_MESSAGE_PRICE_CENTS)}.`,
          ];
        }
      }
      if (input.isSystem) {
        const room = recipientId === null ? undefined : roomIdOf(senderId, recipientId);
        if (!input.roomId || input.roomId !== room)
          errors.roomId = ["System messages must name this conversation's call room."];
        if (input.isLocked || ids.length > 0) errors.is_system = [CALL_ANNOUNCEMENT_PLAIN];
      }
      if (recipientId === null) errors.non_field_errors = ['This user has deleted their account.'];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const hasMedia = ids.length > 0;
      const { message, notification, recipientUnread } = await repo.insertMessageWithNotification(
        db,
        {
          conversationId,
          senderId,
          text,
          isLocked: input.isLocked,
          priceCents,
          isSystem: input.isSystem,
          roomId: input.isSystem ? (input.roomId ?? null) : null,
          uploadIds: ids,
        },
        {
          userId: recipientId as number,
          type: input.isSystem ? 'call' : 'message',
          kind: input.isSystem ? 'call_started' : 'message_received',
          data: {
            conversation_id: conversationId,
            sender_id: senderId,
            sender_username: sender.username,
            has_media: hasMedia,
            ...messageNoticeFacts({ ...input, text, priceCents }),
          },
        },
      );
      // Both readers' kept pages of this conversation, at once here (the notice follows).
      changes.announce({ kind: 'conversation_changed', conversationId });
      // The sender's library now holds the attachments.
      if (hasMedia) changes.announce({ kind: 'library_changed', userId: senderId });
      // A message just written has no unlocks yet and the attachments its sender gave.
      // A call announcement starts the call it announces, ringing at the recipient.
      const call = input.isSystem ? await deps.calls.announce(message, sender.username) : null;
      const details = {
        senderUsername: sender.username,
        senderVisibleMark: sender.visibleMark,
        attachments: own.filter((row) => row !== undefined),
        unlocked: false,
        call,
      };
      await publishNewMessage(
        message,
        details,
        [senderId, recipientId as number],
        notification,
        recipientUnread,
      );
      return presentMessage(message, senderId, details, signer);
    },

    /**
     * The recipient pays the price once, however many requests arrive together: the unlock row's
     * primary key lets one transaction through and the others find it already unlocked.
     */
    async unlockMessage(userId: number, messageId: number) {
      const [found] = await repo.findMessageInConversationOf(db, userId, messageId);
      if (!found) throw new NotFoundError('Message not found.');
      const { message } = found;
      if (message.senderId === userId)
        throw new BadRequestError('You cannot unlock your own message.');
      if (message.isLocked) {
        const creatorId = message.senderId;
        if (creatorId === null)
          throw new BadRequestError('The sender of this message has deleted their account.');
        // Paying would also ring the sender: a block stops both.
        if (await isBlockedEitherWay(db, userId, creatorId))
          throw new ForbiddenError(BLOCKED_MESSAGE);
        const notification = await db.transaction(async (tx) => {
          if (!(await repo.claimUnlock(tx, message.id, userId))) return undefined;
          const { feeCents, creatorCents } = splitPayment(message.priceCents);
          const transaction = await postMovement(tx, {
            kind: 'message_unlock',
            payerId: userId,
            payeeId: creatorId,
            amountCents: message.priceCents,
            feeCents,
            reference: { message_id: message.id, conversation_id: message.conversationId },
            legs: paymentLegs(userId, creatorId, message.priceCents, feeCents),
          });
          await repo.setUnlockTransaction(tx, message.id, userId, transaction.id);
          const fan = await findUserById(tx, userId);
          return recordNotice(tx, {
            to: creatorId,
            kind: 'message_unlocked',
            fan: { id: userId, username: fan?.username },
            conversationId: message.conversationId,
            messageId: message.id,
            priceCents: message.priceCents,
            creatorCents,
          });
        });
        changes.announce({ kind: 'conversation_changed', conversationId: message.conversationId });
        if (notification) {
          await bus.publish([
            {
              userId: notification.userId,
              frame: { type: 'notification', notification: presentNotification(notification) },
            },
            await unreadFrame(notification.userId),
          ]);
        }
      }
      const parties = await partiesOf(found.message.conversationId);
      const [presented] = await presentMany([found], userId, viewerMarkIn(parties, userId));
      return presented;
    },

    async listAttachments(userId: number) {
      const rows = await repo.listSentAttachments(db, userId, 1000);
      const seen = new Set<string>();
      const sender = await findUserById(db, userId);
      return rows
        .filter((row) => (seen.has(row.upload.id) ? false : (seen.add(row.upload.id), true)))
        .map((row) => ({
          ...presentAttachment(row.upload, signer, true),
          uploaded_at: row.upload.createdAt.toISOString(),
          sender_id: userId,
          sender_username: sender?.username ?? '',
          message_id: row.messageId,
        }));
    },

    /** Removes one of the caller's sent files from every message that carries it. */
    async deleteAttachment(userId: number, uploadId: string) {
      const upload = await uploads.findOwnInContexts(userId, uploadId, ['message_attachment']);
      if (!upload) throw new NotFoundError('Attachment not found.');
      await uploads.deleteOwn(userId, uploadId);
    },
  };
}
