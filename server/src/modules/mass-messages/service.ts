import type { Segment } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../lib/errors.ts';
import { isVideoPublished } from '../media/index.ts';
import { findUserByIdOrUsername } from '../profiles/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { findUserById, isHiddenFrom } from '../users/index.ts';
import { searchAudience } from './audience-search.ts';
import { assertMayMassMessage } from './frequency.ts';
import { presentMassMessage } from './presenter.ts';
import * as repo from './repo.ts';
import type { UserKey } from '../../lib/validation.ts';
import { countRecipients, refusedIds } from './segments.ts';
import { segmentToStored } from './stored-segment.ts';

export type MassMessagesService = ReturnType<typeof createMassMessagesService>;

/** What a mass or welcome message holds, as the routes parsed it. */
export type MassContent = { text: string; mediaIds: string[]; priceCents: number | null };

/** Library media a creator may send: anything they uploaded but their profile pictures. */
const SENDABLE_CONTEXTS = [
  'post_image',
  'post_video',
  'message_attachment',
  'user_media',
  'media',
] as const;

export function createMassMessagesService(deps: {
  db: Database;
  uploads: UploadsService;
  jobs: Pick<JobQueue, 'send'>;
}) {
  const { db, uploads, jobs } = deps;

  async function requireCreator(userId: number) {
    const user = await findUserById(db, userId);
    if (!user?.isCreator) throw new ForbiddenError('Only creators can send mass messages.');
    return user;
  }

  /**
   * The user named, unless absent, suspended or in a block with the caller (either way): all
   * answer the same 404, as profiles do, so muting cannot tell who blocked whom.
   */
  async function visibleUser(viewerId: number, idOrUsername: UserKey) {
    const target = await findUserByIdOrUsername(db, idOrUsername);
    if (!target || (await isHiddenFrom(db, viewerId, target.id))) {
      throw new NotFoundError('User not found');
    }
    return target;
  }

  /** Checks text, media and price; answers the media ids in order, without repeats. */
  async function checkContent(creatorId: number, content: MassContent, errors: FieldErrors) {
    const text = content.text.trim();
    const ids = [...new Set(content.mediaIds)];
    if (!text && ids.length === 0) errors.text = ['Write a message or attach media.'];
    const own = await Promise.all(
      ids.map((id) => uploads.findOwnInContexts(creatorId, id, SENDABLE_CONTEXTS)),
    );
    if (own.some((row) => !row)) {
      errors.media_ids = ['Media must be files from your own library.'];
    } else if (own.some((row) => row && !isVideoPublished(row))) {
      errors.media_ids = ['A video is still being processed; send it once it is ready.'];
    }
    return { text, ids };
  }

  async function checkSegment(creatorId: number, segment: Segment, errors: FieldErrors) {
    if (segment.kind !== 'list') return;
    const refused = await refusedIds(db, creatorId, segment.user_ids);
    if (refused.length > 0) {
      errors.segment = [`These users are not your fans or followers: ${refused.join(', ')}.`];
    }
  }

  return {
    /** Routes check this before reading the body, so a fan gets 403 whatever they send. */
    requireCreator,

    /** The creator's fans by username, to hand-pick a mass message's recipients. */
    async searchAudience(creatorId: number, q: string, after: string | undefined) {
      await requireCreator(creatorId);
      return searchAudience(db, creatorId, q, after);
    },

    async countRecipients(creatorId: number, segment: Segment) {
      await requireCreator(creatorId);
      const [count, refused] = await Promise.all([
        countRecipients(db, creatorId, segment),
        segment.kind === 'list' ? refusedIds(db, creatorId, segment.user_ids) : [],
      ]);
      return { count, refused_ids: refused };
    },

    /** Saves the mass message and queues its delivery; the job does the sending. */
    async create(creatorId: number, content: MassContent, segment: Segment) {
      await requireCreator(creatorId);
      const errors: FieldErrors = {};
      const { text, ids } = await checkContent(creatorId, content, errors);
      await checkSegment(creatorId, segment, errors);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const count = await countRecipients(db, creatorId, segment);
      if (count === 0) throw new ValidationError({ segment: ['No fan is in this segment.'] });
      const row = await db.transaction(async (tx) => {
        await assertMayMassMessage(tx, creatorId);
        return repo.insertMassMessage(
          tx,
          {
            creatorId,
            kind: 'mass',
            text,
            priceCents: content.priceCents ?? 0,
            segment: segmentToStored(segment),
            recipientCount: count,
          },
          ids,
        );
      });
      // Nothing would ever send a message whose job could not be queued: it is marked failed,
      // so the creator sees it did not go out, and the error answers the request.
      await jobs
        .send('mass-message-send', { massMessageId: row.id })
        .catch(async (error: unknown) => {
          await repo.setStatus(db, row.id, 'failed', true);
          throw error;
        });
      const [stats] = await repo.listWithStats(db, creatorId, { ids: [row.id] });
      if (!stats) throw new Error('mass message vanished');
      return presentMassMessage(stats);
    },

    async list(creatorId: number) {
      await requireCreator(creatorId);
      const rows = await repo.listWithStats(db, creatorId, { kind: 'mass' });
      return { results: rows.map(presentMassMessage) };
    },

    async getWelcome(creatorId: number) {
      await requireCreator(creatorId);
      const current = await repo.findCurrentWelcome(db, creatorId);
      if (!current) return { current: null };
      const [stats] = await repo.listWithStats(db, creatorId, { ids: [current.id] });
      return { current: stats ? presentMassMessage(stats) : null };
    },

    /** Replacing retires the old version (its figures stay with it) and starts a new one. */
    async putWelcome(creatorId: number, content: MassContent) {
      await requireCreator(creatorId);
      const errors: FieldErrors = {};
      const { text, ids } = await checkContent(creatorId, content, errors);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const row = await db.transaction(async (tx) => {
        await repo.retireWelcome(tx, creatorId);
        return repo.insertMassMessage(
          tx,
          {
            creatorId,
            kind: 'welcome',
            text,
            priceCents: content.priceCents ?? 0,
            segment: { kind: 'new_subscriber' },
            status: 'sent',
          },
          ids,
        );
      });
      const [stats] = await repo.listWithStats(db, creatorId, { ids: [row.id] });
      return { current: stats ? presentMassMessage(stats) : null };
    },

    async deleteWelcome(creatorId: number) {
      await requireCreator(creatorId);
      await repo.retireWelcome(db, creatorId);
      return { current: null };
    },

    /** Mass and welcome messages of `idOrUsername` stop reaching the caller; direct ones do not. */
    async mute(userId: number, idOrUsername: UserKey, muted: boolean) {
      const target = await visibleUser(userId, idOrUsername);
      if (target.id === userId) throw new BadRequestError('You cannot mute yourself.');
      if (muted) await repo.insertMute(db, userId, target.id);
      else await repo.deleteMute(db, userId, target.id);
      return { muted };
    },

    async muteState(userId: number, idOrUsername: UserKey) {
      const target = await visibleUser(userId, idOrUsername);
      return { muted: await repo.isMuted(db, userId, target.id) };
    },

    /** After a new subscription commits: queue the welcome message, never failing the caller. */
    async queueWelcome(creatorId: number, fanId: number) {
      const subscribedAt = new Date().toISOString();
      await jobs.send('welcome-message-send', { creatorId, fanId, subscribedAt });
    },
  };
}
