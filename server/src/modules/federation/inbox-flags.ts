import type { InboxContext } from '@fedify/fedify';
import type { Flag } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { fullyPublicPostNamed, isOnActorsOrigin } from './inbox-likes.ts';
import { remoteHtmlToText } from './remote-text.ts';
import { findActorUser } from './repo.ts';

/** As a local report's details (`REPORT_DETAILS_MAX_LENGTH`). */
const DETAILS_MAX = 1000;
/** Mastodon names the account and a few of its posts; more than this is not a report. */
const MAX_OBJECTS = 50;

type Target = { targetType: 'profile' | 'post'; targetId: number; ownerId: number };

/**
 * The local targets a `Flag` names: each fully public post it names (a remote server cannot have
 * seen any other, so one it names is not confirmed to exist), and the local account when no
 * post of it is named (Mastodon sends the account and the posts; the posts are what to judge).
 */
async function targetsOf(ctx: InboxContext<void>, db: Database, flag: Flag): Promise<Target[]> {
  const postTargets: Target[] = [];
  const profiles = new Set<number>();
  for (const objectId of flag.objectIds.slice(0, MAX_OBJECTS)) {
    const parsed = ctx.parseUri(objectId);
    if (parsed?.type === 'actor') {
      const user = await findActorUser(db, parsed.identifier);
      if (user) profiles.add(user.id);
      continue;
    }
    const post = await fullyPublicPostNamed(ctx, db, objectId);
    if (post) postTargets.push({ targetType: 'post', targetId: post.id, ownerId: post.authorId });
  }
  const withPosts = new Set(postTargets.map((target) => target.ownerId));
  const profileTargets = [...profiles]
    .filter((id) => !withPosts.has(id))
    .map((id): Target => ({ targetType: 'profile', targetId: id, ownerId: id }));
  return [...profileTargets, ...postTargets];
}

/**
 * A remote `Flag`: one open report per local target it names, in the admins' moderation queue
 * as any report, its reporter the remote actor (`remote_reporter`; no local reporter). The
 * remote's comment is kept as text, never as its HTML. A second delivery of it, or another flag
 * of the same target by the same actor while the first is open, adds nothing.
 */
export async function receiveFlag(ctx: InboxContext<void>, db: Database, flag: Flag) {
  if (!flag.actorId || !isOnActorsOrigin(flag)) return;
  const targets = await targetsOf(ctx, db, flag);
  if (targets.length === 0) return;
  const details = (remoteHtmlToText(flag.content?.toString()) ?? '').slice(0, DETAILS_MAX);
  await db
    .insert(reports)
    .values(
      targets.map((target) => ({
        ...target,
        reporterId: null,
        remoteReporter: flag.actorId?.href ?? null,
        reason: 'other',
        details,
      })),
    )
    .onConflictDoNothing();
}
