import type { DocumentLoader } from '@fedify/fedify';
import type { Link, Note } from '@fedify/vocab';
import { Document, Image, PUBLIC_COLLECTION, Video, Audio } from '@fedify/vocab';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type RemoteAttachment, remoteActors, remotePosts } from '../../db/schema/index.ts';
import { remoteHtmlToText } from './remote-text.ts';

/** Files kept of one remote post: Mastodon allows four, others a few more. */
const MAX_ATTACHMENTS = 10;

/** Whether a note is addressed to everyone (`as:Public` in `to` or `cc`). */
export function isPublicNote(note: Note): boolean {
  const everyone = PUBLIC_COLLECTION.href;
  return [...note.toIds, ...note.ccIds].some((id) => id.href === everyone);
}

function webHref(value: URL | Link | null | undefined): string | null {
  const href = value instanceof URL ? value.href : (value?.href?.href ?? null);
  if (!href) return null;
  return href.startsWith('https://') || href.startsWith('http://') ? href : null;
}

/** A note's files as links: embedded ones only (nothing is fetched to describe a file). */
async function attachmentsOf(note: Note, documentLoader: DocumentLoader) {
  const files: RemoteAttachment[] = [];
  for await (const item of note.getAttachments({ documentLoader, suppressError: true })) {
    if (files.length >= MAX_ATTACHMENTS) break;
    if (
      item instanceof Document ||
      item instanceof Image ||
      item instanceof Video ||
      item instanceof Audio
    ) {
      const url = webHref(item.url);
      if (!url) continue;
      files.push({
        url,
        mediaType: item.mediaType,
        alt: remoteHtmlToText(item.name?.toString())?.slice(0, 1500) ?? null,
      });
    }
  }
  return files;
}

/** What we keep of a note: its text as text, its files as links, its time and page. */
async function fieldsOf(note: Note, documentLoader: DocumentLoader) {
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  return {
    url: webHref(note.url) ?? (note.id?.href as string),
    content: remoteHtmlToText(note.content?.toString()) ?? '',
    contentWarning: remoteHtmlToText(note.summary?.toString())?.slice(0, 500) ?? null,
    attachments: await attachmentsOf(note, documentLoader),
    sensitive: note.sensitive === true,
    inReplyTo: note.replyTargetId?.href ?? null,
    // A date in the future would pin the post atop every feed.
    published: published.getTime() > Date.now() ? new Date() : published,
  };
}

/**
 * Stores a followed account's public note once (a second `Create` of it changes nothing) and
 * answers its row's id.
 */
export async function storeRemotePost(
  db: Database,
  remoteActorId: number,
  note: Note,
  documentLoader: DocumentLoader,
): Promise<number | undefined> {
  if (!note.id) return undefined;
  const [inserted] = await db
    .insert(remotePosts)
    .values({ uri: note.id.href, remoteActorId, ...(await fieldsOf(note, documentLoader)) })
    .onConflictDoNothing({ target: remotePosts.uri })
    .returning({ id: remotePosts.id });
  if (inserted) return inserted.id;
  const [kept] = await db
    .select({ id: remotePosts.id })
    .from(remotePosts)
    .where(eq(remotePosts.uri, note.id.href));
  return kept?.id;
}

/** Applies an edit of a stored note, only when its author (`actorUri`) sent it. */
export async function updateRemotePost(
  db: Database,
  actorUri: string,
  note: Note,
  documentLoader: DocumentLoader,
): Promise<boolean> {
  if (!note.id) return false;
  const { published: _kept, ...fields } = await fieldsOf(note, documentLoader);
  const updated = await db
    .update(remotePosts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(remotePosts.uri, note.id.href), byActor(actorUri)))
    .returning({ id: remotePosts.id });
  return updated.length > 0;
}

/** Removes a stored note, only when its author (`actorUri`) deleted it. */
export async function deleteRemotePost(db: Database, actorUri: string, noteUri: string) {
  const removed = await db
    .delete(remotePosts)
    .where(and(eq(remotePosts.uri, noteUri), byActor(actorUri)))
    .returning({ id: remotePosts.id });
  return removed.length > 0;
}

function byActor(actorUri: string) {
  return sql`${remotePosts.remoteActorId} = (select ${remoteActors.id} from ${remoteActors} where ${remoteActors.uri} = ${actorUri})`;
}
