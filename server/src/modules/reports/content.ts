import type { ReportGroup } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import type { MediaSigner } from '../media/index.ts';
import { attachmentsOf } from '../messaging/index.ts';
import { uploadIdsOfPost } from '../posts/index.ts';
import { findUploadById } from '../uploads/index.ts';
import { findUserById } from '../users/index.ts';
import * as repo from './repo.ts';

type Content = NonNullable<ReportGroup['content']>;
type Media = Content['media'][number];

function kindOf(upload: UploadRow): Media['kind'] {
  if (upload.contentType.startsWith('image/')) return 'image';
  return upload.contentType.startsWith('video/') ? 'video' : 'file';
}

/**
 * The uploads of `ids` that still exist, in order: one by one, as `db` may be a transaction's
 * single connection.
 */
async function uploadsOf(db: Executor, ids: (string | null)[]) {
  const rows: UploadRow[] = [];
  for (const id of ids) {
    const row = id ? await findUploadById(db, id) : undefined;
    if (row) rows.push(row);
  }
  return rows;
}

/** A reported target's text and uploads as stored; undefined once it is gone. */
async function contentOf(db: Executor, target: repo.ReportTargetRef) {
  if (target.targetType === 'post') {
    const post = await repo.findPostById(db, target.targetId);
    return (
      post && {
        text: post.content,
        uploads: await uploadsOf(db, await uploadIdsOfPost(db, post.id)),
      }
    );
  }
  if (target.targetType === 'comment') {
    const comment = await repo.findCommentById(db, target.targetId);
    return comment && { text: comment.content, uploads: [] };
  }
  if (target.targetType === 'message') {
    const message = await repo.findMessageById(db, target.targetId);
    const attachments = message ? await attachmentsOf(db, [message.id]) : [];
    return message && { text: message.text, uploads: attachments.map((row) => row.upload) };
  }
  const user = await findUserById(db, target.targetId);
  return (
    user && {
      text: [user.username, user.bio].filter(Boolean).join('\n'),
      uploads: await uploadsOf(db, [user.profileImageId, user.coverImageId]),
    }
  );
}

/** Every upload a reported target shows: what a removal deletes (and may ban). */
export async function uploadsOfTarget(db: Executor, target: repo.ReportTargetRef) {
  return (await contentOf(db, target))?.uploads ?? [];
}

/**
 * What was reported as an admin sees it: locked posts and messages unredacted, a profile as its
 * username, bio and images; null once it is gone.
 */
export async function adminViewOf(
  db: Executor,
  signer: MediaSigner,
  target: repo.ReportTargetRef,
): Promise<Content | null> {
  const content = await contentOf(db, target);
  if (!content) return null;
  const media = content.uploads.map((upload) => ({
    url: signer.url(upload.id),
    kind: kindOf(upload),
    name: upload.originalFilename,
  }));
  return { text: content.text, media };
}
