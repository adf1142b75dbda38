import type { ReportAction, ReportGroup, ReportRequest } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { NotificationRow, ReportRow } from '../../db/schema/index.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CommentsService } from '../comments/index.ts';
import type { MediaSigner } from '../media/index.ts';
import { findMessageInConversationOf } from '../messaging/index.ts';
import type { Moderation } from '../moderation/index.ts';
import { recordNotices, type Happening, type Notify } from '../notifications/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { ProfilesService } from '../profiles/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { adminViewOf } from './content.ts';
import { createContentRemoval } from './removal.ts';
import * as repo from './repo.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

const QUEUE_GROUPS = 100;
const NOTHING_TO_REPORT = 'Nothing to report here.';
/** Reasons whose removed files may never be uploaded again. */
const BANNING_REASONS = new Set(['illegal_content', 'underage']);

const person = (id: number | null, names: Map<number, string>) => {
  const username = id === null ? undefined : names.get(id);
  return id !== null && username !== undefined ? { id, username } : null;
};

/** A remote server's reporter (a `Flag`, issue 36): the actor's URI and its host. */
const remoteReporter = (uri: string | null) => {
  if (uri === null) return null;
  try {
    return { actor: uri, host: new URL(uri).host };
  } catch {
    return { actor: uri, host: '' };
  }
};

export function createReportsService(deps: {
  db: Database;
  rateLimits: RateLimits;
  signer: MediaSigner;
  audit: AuditLog;
  moderation: Moderation;
  posts: PostsService;
  comments: CommentsService;
  profiles: ProfilesService;
  uploads: UploadsService;
  changes: ChangeNotices;
  notify: Notify;
}) {
  const { db, rateLimits, signer, audit, moderation, posts, comments, profiles, notify } = deps;
  const removeWithin = createContentRemoval(deps);

  /**
   * Who owns a target the reporter can see; undefined when it is absent or hidden from them (the
   * same rules as reading it: the post's profile open to them, no block, a conversation of theirs).
   */
  async function visibleOwner(reporterId: number, input: ReportRequest) {
    if (input.target_type === 'post') {
      const row = await posts.findVisiblePost(reporterId, input.target_id);
      return row ? { ownerId: row.post.authorId } : undefined;
    }
    if (input.target_type === 'comment') {
      const row = await comments.visibleComment(reporterId, input.target_id);
      return row ? { ownerId: row.authorId } : undefined;
    }
    if (input.target_type === 'message') {
      const [row] = await findMessageInConversationOf(db, reporterId, input.target_id);
      return row ? { ownerId: row.message.senderId } : undefined;
    }
    try {
      return { ownerId: (await profiles.visibleUser(reporterId, String(input.target_id))).id };
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  function presentGroup(
    target: repo.ReportTargetRef,
    rows: ReportRow[],
    names: Map<number, string>,
    content: ReportGroup['content'],
  ): ReportGroup {
    return {
      target_type: target.targetType,
      target_id: target.targetId,
      owner: person(rows[0]?.ownerId ?? null, names),
      content,
      reports: rows.map((row) => ({
        id: row.id,
        reporter: person(row.reporterId, names),
        remote_reporter: remoteReporter(row.remoteReporter),
        reason: row.reason as ReportGroup['reports'][number]['reason'],
        details: row.details,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        resolution:
          row.resolution && row.resolvedAt
            ? {
                action: row.resolution,
                note: row.resolutionNote,
                resolved_at: row.resolvedAt.toISOString(),
                resolved_by: person(row.resolvedBy, names),
              }
            : null,
      })),
    };
  }

  /** The notifications a resolution sends: the owner of removed content, and each reporter. */
  function resolutionNotices(
    resolved: ReportRow[],
    action: ReportAction,
    note: string | null,
  ): Happening[] {
    const target = resolved[0];
    const notices: Happening[] = [];
    if (action === 'remove_content' && target?.ownerId) {
      notices.push({
        to: target.ownerId,
        kind: 'content_removed',
        targetType: target.targetType,
        targetId: target.targetId,
        note,
      });
    }
    const reporters = new Set(resolved.map((row) => row.reporterId).filter((id) => id !== null));
    const reportIds = resolved.map((row) => row.id);
    for (const userId of reporters) {
      notices.push({ to: userId, kind: 'report_reviewed', reportIds, action });
    }
    return notices;
  }

  /** The action's own effect inside the transaction; answers what to do after commit. */
  async function applyAction(
    tx: Executor,
    adminId: number,
    resolved: ReportRow[],
    action: ReportAction,
    note: string | null,
  ): Promise<() => Promise<void>> {
    const [first] = resolved;
    if (!first) throw new NotFoundError('No open report with this id.');
    const target: repo.ReportTargetRef = first;
    const details = { owner_id: first.ownerId, report_ids: resolved.map((row) => row.id) };
    if (action === 'suspend_user') {
      if (first.ownerId === null) throw new BadRequestError('This account no longer exists.');
      const ended = await moderation.suspendWithin(tx, adminId, first.ownerId, note ?? '');
      return async () => ended.announce();
    }
    if (action === 'dismiss') {
      await audit.record(tx, {
        actorId: adminId,
        action: 'report_dismissed',
        ...target,
        reason: note,
        details,
      });
      return async () => undefined;
    }
    const removal = await removeWithin(tx, target);
    const banReason = resolved.find((row) => BANNING_REASONS.has(row.reason))?.reason;
    const hashes = [...new Set(removal.removed.map((upload) => upload.sha256))];
    if (banReason) await repo.banHashes(tx, hashes, banReason);
    await audit.record(tx, {
      actorId: adminId,
      action: 'content_removed',
      ...target,
      reason: note,
      details: { ...details, files_removed: hashes.length, files_banned: banReason !== undefined },
    });
    return removal.finish;
  }

  return {
    async report(reporterId: number, input: ReportRequest) {
      await rateLimits.consume('reportsPerUser', String(reporterId));
      const target = await visibleOwner(reporterId, input);
      if (!target) throw new NotFoundError(NOTHING_TO_REPORT);
      if (target.ownerId === reporterId) throw new BadRequestError('You cannot report yourself.');
      try {
        const row = await repo.insertReport(db, {
          reporterId,
          targetType: input.target_type,
          targetId: input.target_id,
          ownerId: target.ownerId,
          reason: input.reason,
          details: input.details ?? '',
        });
        return { id: row.id, status: 'open' as const };
      } catch (error) {
        if (
          pgErrorCode(error) === PG_UNIQUE_VIOLATION &&
          pgConstraint(error) === 'reports_open_per_reporter_key'
        ) {
          throw new ConflictError('You have already reported this. A moderator will look at it.');
        }
        throw error;
      }
    },

    /** The moderation queue: reports grouped by what they are about, newest group first. */
    async queue(status: repo.ReportStatus) {
      const targets = await repo.listQueueTargets(db, status, QUEUE_GROUPS);
      const rows = await repo.listReportsOf(db, status, targets);
      const people = rows.flatMap((row) => [row.reporterId, row.ownerId, row.resolvedBy]);
      const names = await repo.usernamesOf(
        db,
        [...new Set(people)].filter((id): id is number => id !== null),
      );
      const results = await Promise.all(
        targets.map(async (target) =>
          presentGroup(
            target,
            rows.filter(
              (row) => row.targetType === target.targetType && row.targetId === target.targetId,
            ),
            names,
            await adminViewOf(db, signer, target),
          ),
        ),
      );
      return { results };
    },

    /** Resolves every open report of the report's target at once, with the action's effect. */
    async resolve(adminId: number, reportId: number, action: ReportAction, note?: string) {
      const report = await repo.findOpenReport(db, reportId);
      if (!report) throw new NotFoundError('No open report with this id.');
      const stored = note || null;
      const { after, notices } = await db.transaction(async (tx) => {
        const resolved = await repo.resolveOpenReportsOf(tx, report, {
          action,
          note: stored,
          by: adminId,
        });
        const afterCommit = await applyAction(tx, adminId, resolved, action, stored);
        const written = await recordNotices(tx, resolutionNotices(resolved, action, stored));
        return { after: afterCommit, notices: written as NotificationRow[] };
      });
      await after();
      await notify(notices);
      return { message: action === 'dismiss' ? 'Reports dismissed.' : 'Reports resolved.' };
    },
  };
}
