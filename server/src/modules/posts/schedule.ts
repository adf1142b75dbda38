import { parsePublishAt, type ScheduledDraft } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { MediaSigner } from '../media/index.ts';
import * as draftsRepo from './drafts-repo.ts';
import { presentPost } from './presenter.ts';
import * as repo from './repo.ts';
import * as scheduleRepo from './schedule-repo.ts';
import type { PostsService } from './service.ts';

const NOT_FOUND = 'Post not found.';

/** A `publish_at` from a request as a time, or a 400 saying why it is refused. */
export function publishTimeOrThrow(raw: string, now = new Date()): Date {
  const parsed = parsePublishAt(raw, now);
  if (!parsed.ok) throw new ValidationError({ publish_at: [parsed.message] });
  return parsed.at;
}

/**
 * Scheduled posts: a draft carrying `publish_at` stays its author's alone (as any draft does)
 * until the `posts-publish-due` job publishes it. Its author lists the queue, moves a post's
 * time or takes it off the queue; publishing now is the drafts' publish, cancelling is delete.
 */
export function createPostSchedule(deps: {
  db: Database;
  signer: MediaSigner;
  changes: ChangeNotices;
  posts: PostsService;
}) {
  const { db, signer, changes, posts } = deps;

  async function presentScheduled(
    authorId: number,
    postId: number,
    publishAt: Date | null,
  ): Promise<ScheduledDraft | undefined> {
    const row = await repo.findPostFor(db, authorId, postId);
    if (!row) return undefined;
    return {
      ...presentPost(row, authorId, signer, undefined),
      publish_at: publishAt?.toISOString() ?? null,
    };
  }

  return {
    /** The author's queue, soonest first. */
    async listQueue(authorId: number): Promise<ScheduledDraft[]> {
      const due = await scheduleRepo.listScheduled(db, authorId);
      const found = await Promise.all(
        due.map((entry) => presentScheduled(authorId, entry.id, entry.publishAt)),
      );
      return found.flatMap((post) => (post ? [post] : []));
    },

    /** When each of these own drafts is due, for the drafts list. */
    publishTimesOf(authorId: number, postIds: number[]) {
      return scheduleRepo.publishTimesOf(db, authorId, postIds);
    },

    /** Schedules, reschedules (a time) or unschedules (null) an own draft. */
    async reschedule(userId: number, postId: number, rawPublishAt: string | null) {
      const publishAt = rawPublishAt === null ? null : publishTimeOrThrow(rawPublishAt);
      const own = await draftsRepo.findOwnPost(db, userId, postId);
      if (!own) {
        // As editing does: a hidden post is never told apart from a missing one.
        if (await posts.findVisiblePost(userId, postId)) {
          throw new ForbiddenError('You can only change your own posts.');
        }
        throw new NotFoundError(NOT_FOUND);
      }
      if (!(await scheduleRepo.setOwnDraftSchedule(db, userId, postId, publishAt))) {
        throw new ConflictError('This post is already published.');
      }
      const post = await presentScheduled(userId, postId, publishAt);
      if (!post) throw new NotFoundError(NOT_FOUND);
      return post;
    },

    /**
     * Publishes every due draft, once, with what the publish route does after publishing:
     * a change notice per author, so feeds, profiles and live views update.
     */
    async publishDue(): Promise<number> {
      const published = await scheduleRepo.publishDueDrafts(db);
      for (const authorId of new Set(published.map((post) => post.authorId))) {
        changes.announce({ kind: 'posts_changed', userId: authorId });
      }
      return published.length;
    },
  };
}

export type ScheduledPosts = ReturnType<typeof createPostSchedule>;
