import type { CallSummary } from '@zura/contracts';
import type { ConversationRow, MessageRow, UploadRow } from '../../db/schema/index.ts';
import { type MediaSigner, type MediaVariant, presentVideoFields } from '../media/index.ts';

const DELETED_USER_NAME = 'Deleted user';

/** What of an upload its attachment is presented from. */
export type AttachmentSource = Pick<
  UploadRow,
  | 'id'
  | 'originalFilename'
  | 'contentType'
  | 'sizeBytes'
  | 'variants'
  | 'videoState'
  | 'videoProgress'
  | 'videoError'
  | 'renditions'
>;

/**
 * An attachment; a video's fields as `video-fields.ts` makes them (their state to its sender).
 * With `markFor` (a paid message's recipient) an image is linked as a copy marked for them, a
 * video as their marked stream.
 */
export function presentAttachment(
  upload: AttachmentSource,
  signer: MediaSigner,
  isSender: boolean,
  markFor?: number,
  /**
   * With `markFor`: the visible mark's text, when the sender's default has it (issue 35). An
   * image's marked copy then carries it in its pixels; a video's answer names it for the player.
   */
  visibleMark?: string,
) {
  const visible = markFor !== undefined && visibleMark !== undefined;
  const isVideo = upload.contentType.startsWith('video/');
  const isImage = upload.contentType.startsWith('image/');
  // A video's thumbnail is a still of it: marked for the buyer like an image, without the
  // visible mark, which the player draws over the video itself.
  const sign = (variant: MediaVariant) =>
    (isImage || isVideo) && markFor !== undefined
      ? signer.markedUrl(upload.id, variant, markFor, { visible: visible && isImage })
      : signer.url(upload.id, variant);
  // A transcoded video's file for its buyer is their own MP4 (`media/marked-mp4.ts`), never the
  // stored original, which carries no mark; it answers once the transcode is done. Only a video
  // stored before transcoding existed has nothing else to give.
  const fileUrl =
    isVideo && markFor !== undefined && upload.videoState !== null
      ? signer.markedUrl(upload.id, 'mp4', markFor)
      : sign('original');
  return {
    id: upload.id,
    original_filename: upload.originalFilename,
    file_size: upload.sizeBytes,
    content_type: upload.contentType,
    file_url: fileUrl,
    thumbnail_url: upload.variants.thumb ? sign('thumb') : null,
    is_image: isImage,
    ...(isVideo
      ? {
          ...presentVideoFields(upload, isSender, signer, markFor),
          visible_mark: visible && visibleMark ? visibleMark : null,
        }
      : {}),
  };
}

/** What a message is presented with besides its row. */
export type MessageDetails = {
  senderUsername: string | null;
  /** The sender's `visible_mark_default`: a paid message's images follow it (issue 35). */
  senderVisibleMark: boolean;
  /** The viewer's visible mark text (`visibleMarkText`), for when the sender's default is on. */
  viewerMark?: string | undefined;
  attachments: AttachmentSource[];
  unlocked: boolean;
  /** The call a system message announces (issue 32: its chip shows its state). */
  call?: CallSummary | null;
};

/** What of a message row it is presented from. */
export type PresentableMessage = Omit<MessageRow, 'massMessageId' | 'readAt'>;

/**
 * A message as one participant sees it. A locked message the recipient has not paid for has no
 * text and no attachments: only its price and that it holds something.
 */
export function presentMessage(
  message: PresentableMessage,
  viewerId: number,
  context: MessageDetails,
  signer: MediaSigner,
) {
  const isSender = message.senderId === viewerId;
  const open = !message.isLocked || isSender || context.unlocked;
  // A paid message's images reach its buyer marked for them (issue 35); the sender's own stay plain.
  const markFor = message.isLocked && !isSender ? viewerId : undefined;
  // Only a list or an unlock shows a buyer a paid message's files, and both name the viewer's
  // mark; a frame made without it (a locked message arriving) holds no files for its buyer.
  const visibleMark = context.senderVisibleMark ? (context.viewerMark ?? '') : undefined;
  return {
    id: message.id,
    conversation_id: message.conversationId,
    text: open ? message.text : '',
    created_at: message.createdAt.toISOString(),
    timestamp: message.createdAt.toISOString(),
    sender: message.senderId,
    sender_name: context.senderUsername ?? DELETED_USER_NAME,
    has_media: context.attachments.length > 0,
    is_locked: message.isLocked,
    is_unlocked: message.isLocked && (isSender || context.unlocked),
    price: message.priceCents / 100,
    price_cents: message.priceCents,
    attachments: open
      ? context.attachments.map((upload) =>
          presentAttachment(upload, signer, isSender, markFor, visibleMark),
        )
      : [],
    is_system: message.isSystem,
    roomId: message.roomId,
    call: context.call ?? null,
  };
}

export function presentConversation(
  row: {
    conversation: ConversationRow;
    otherUsername: string | null;
    otherAvatarId: string | null;
    lastMessage: MessageRow | null;
    lastMessageHasMedia: boolean;
    lastMessageUnlocked: boolean;
  },
  viewerId: number,
  signer: MediaSigner,
) {
  const c = row.conversation;
  const otherId = c.userLowId === viewerId ? c.userHighId : c.userLowId;
  const last = row.lastMessage;
  const lastOpen = last
    ? !last.isLocked || last.senderId === viewerId || row.lastMessageUnlocked
    : false;
  return {
    id: c.id,
    other_user: {
      id: otherId,
      username: row.otherUsername ?? DELETED_USER_NAME,
      avatar: row.otherAvatarId ? signer.url(row.otherAvatarId, 'original') : null,
    },
    unread_count: c.userLowId === viewerId ? c.lowUnread : c.highUnread,
    updated_at: c.updatedAt.toISOString(),
    created_at: c.createdAt.toISOString(),
    last_message: last
      ? {
          id: last.id,
          text: lastOpen ? last.text : '',
          has_media: row.lastMessageHasMedia,
          is_locked: last.isLocked,
          is_unlocked: last.isLocked && (last.senderId === viewerId || row.lastMessageUnlocked),
          is_system: last.isSystem,
          sender: last.senderId,
          created_at: last.createdAt.toISOString(),
        }
      : null,
  };
}
