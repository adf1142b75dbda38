import type { Segment, ServerFrame } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import type { MassMessageRow, MessageRow, NotificationRow } from '../../db/schema/index.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import type { JobRun } from '../../jobs/queue.ts';
import type { MediaSigner } from '../media/index.ts';
import { presentMessage } from '../messaging/index.ts';
import { presentNotification } from '../notifications/index.ts';
import { findUserById } from '../users/index.ts';
import { badgesOf, deliverBatch, type CopyNotice, type DeliveredCopy } from './delivery.ts';
import * as repo from './repo.ts';
import { recipientsOf } from './segments.ts';
import { segmentFromStored } from './stored-segment.ts';

type ProgressFrame = Extract<ServerFrame, { type: 'mass_message_progress' }>;

/** The progress frame the creator's sockets get while a mass message goes out. */
function progressFrame(
  mass: Pick<MassMessageRow, 'id' | 'recipientCount'>,
  sent: number,
  status: ProgressFrame['status'],
): ProgressFrame {
  return {
    type: 'mass_message_progress',
    mass_message_id: mass.id,
    recipient_count: mass.recipientCount,
    sent_count: sent,
    status,
  };
}

/**
 * Runs the delivery of mass and welcome messages (the job handlers). Each batch is written
 * set-based, then its recipients' sockets get the new-message frames ordinary messages send,
 * in one publish per batch.
 */
export function createMassSender(deps: { db: Database; bus: EventBus; signer: MediaSigner }) {
  const { db, bus, signer } = deps;

  /** Delivers `mass` to `recipients` batch by batch; answers how many copies were written. */
  async function deliverAll(
    mass: MassMessageRow,
    segment: Segment,
    onBatch?: (sent: number) => Promise<void>,
  ) {
    const creator = await findUserById(db, mass.creatorId);
    if (!creator) return 0;
    const attachments = await repo.attachedUploads(db, mass.id);
    const notice: CopyNotice = {
      // A locked copy's notification tells only the price, as a locked message's does.
      facts:
        mass.priceCents > 0
          ? { price_cents: mass.priceCents, currency: 'USD' }
          : { preview: mass.text.slice(0, 140) || null },
      senderUsername: creator.username,
    };
    const recipients = recipientsOf(mass.creatorId, segment);
    let total = 0;
    for (;;) {
      const copies = await deliverBatch(db, mass, recipients, notice, attachments.length > 0);
      if (copies.length === 0) return total;
      total += copies.length;
      await publishCopies(mass, copies, notice, creator, attachments);
      await onBatch?.(copies.length);
    }
  }

  async function publishCopies(
    mass: MassMessageRow,
    copies: DeliveredCopy[],
    notice: CopyNotice,
    creator: { username: string; visibleMarkDefault: boolean },
    attachments: Awaited<ReturnType<typeof repo.attachedUploads>>,
  ) {
    const senderUsername = creator.username;
    const badges = await badgesOf(
      db,
      copies.map((copy) => copy.fanId),
    );
    const senderVisibleMark = creator.visibleMarkDefault;
    const details = { senderUsername, senderVisibleMark, attachments, unlocked: false };
    const events: LiveEvent[] = [];
    for (const copy of copies) {
      const message: MessageRow = {
        id: copy.messageId,
        conversationId: copy.conversationId,
        senderId: mass.creatorId,
        text: mass.text,
        isLocked: mass.priceCents > 0,
        priceCents: mass.priceCents,
        isSystem: false,
        roomId: null,
        massMessageId: mass.id,
        readAt: null,
        createdAt: copy.createdAt,
      };
      const notification: NotificationRow = {
        id: copy.notificationId,
        userId: copy.fanId,
        type: 'message',
        kind: 'message_received',
        data: {
          conversation_id: copy.conversationId,
          sender_id: mass.creatorId,
          sender_username: senderUsername,
          has_media: attachments.length > 0,
          ...notice.facts,
        },
        isRead: false,
        readAt: null,
        createdAt: copy.notificationCreatedAt,
      };
      // Presented for the recipient: a locked copy carries neither its text nor its files.
      events.push(
        {
          userId: copy.fanId,
          frame: {
            type: 'message',
            conversation_id: copy.conversationId,
            message: presentMessage(message, copy.fanId, details, signer),
          },
        },
        {
          userId: copy.fanId,
          frame: { type: 'notification', notification: presentNotification(notification) },
        },
        {
          userId: copy.fanId,
          frame: {
            type: 'unread_counts',
            ...(badges.get(copy.fanId) ?? { messages: 0, notifications: 0 }),
          },
        },
      );
    }
    await bus.publish(events);
  }

  return {
    /** The `mass-message-send` job: safe to run again, it only sends what is missing. */
    /**
     * The `mass-message-send` job. A failed run is retried and carries on where it stopped (a
     * recipient's copy is written once); when the last attempt fails too, the mass message is
     * marked failed, with what was delivered kept and counted.
     */
    async send(massMessageId: number, run: JobRun = { lastAttempt: false }) {
      const mass = await repo.findMassMessage(db, massMessageId);
      if (!mass || mass.kind !== 'mass' || mass.status === 'sent') return;
      await repo.setStatus(db, mass.id, 'sending');
      let sent = mass.sentCount;
      const progress = async (status: ProgressFrame['status']) =>
        bus.publish([{ userId: mass.creatorId, frame: progressFrame(mass, sent, status) }]);
      try {
        await deliverAll(mass, segmentFromStored(mass.segment), async (count) => {
          sent += count;
          await progress('sending');
        });
      } catch (error) {
        if (run.lastAttempt) {
          await repo.setStatus(db, mass.id, 'failed', true);
          await progress('failed');
        }
        throw error;
      }
      await repo.setStatus(db, mass.id, 'sent', true);
      const done = await repo.findMassMessage(db, mass.id);
      sent = done?.sentCount ?? sent;
      await progress('sent');
    },

    /** The `welcome-message-send` job: the creator's current welcome message to one new fan. */
    async welcome(creatorId: number, fanId: number, subscribedAt: Date) {
      const mass = await repo.findCurrentWelcome(db, creatorId);
      // Only the version that was current when the fan subscribed: one written after the
      // subscription (while its job waited in the queue) is not theirs.
      if (!mass || mass.createdAt > subscribedAt) return;
      await deliverAll(mass, { kind: 'list', user_ids: [fanId] });
    },
  };
}
