import type { DocumentLoader } from '@fedify/fedify';
import type { Link } from '@fedify/vocab';
import { type Actor } from '@fedify/vocab';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remoteActors } from '../../db/schema/index.ts';
import { remoteHtmlToText } from './remote-text.ts';

export type RemoteActor = typeof remoteActors.$inferSelect;

/** `@name@host` of a remote actor, when it names itself. */
function remoteHandleOf(actor: Actor): string | null {
  const name = actor.preferredUsername?.toString();
  return name && actor.id ? `@${name}@${actor.id.host}` : null;
}

function hrefOf(value: URL | Link | null | undefined): string | null {
  if (!value) return null;
  if (value instanceof URL) return value.href;
  return value.href?.href ?? null;
}

/** Only http(s) addresses are kept: a `javascript:` or `data:` URL is nothing to link to. */
function webUrl(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A loader that loads nothing: without the context's loader, nothing is fetched. */
const loadNothing: DocumentLoader = (url) => Promise.reject(new Error(`Not fetching ${url}`));

/**
 * The actor's avatar URL. An embedded icon is read as it is; one named only by its id is fetched
 * with `documentLoader` when given (the context's, which keeps the private-address rule), else
 * left out.
 */
async function avatarOf(actor: Actor, documentLoader?: DocumentLoader): Promise<string | null> {
  const icon = await actor.getIcon({
    documentLoader: documentLoader ?? loadNothing,
    suppressError: true,
  });
  return webUrl(hrefOf(icon?.url));
}

/**
 * Records a remote actor as its document says now (inserting it, or refreshing the row of the
 * same URI) and returns the row. The bio is stored as text, never as the remote's HTML.
 */
export async function rememberActor(
  db: Database,
  actor: Actor,
  options: { documentLoader?: DocumentLoader } = {},
): Promise<RemoteActor> {
  if (!actor.id) throw new Error('A remote actor without an id cannot be remembered');
  const values = {
    uri: actor.id.href,
    handle: remoteHandleOf(actor),
    displayName: remoteHtmlToText(actor.name?.toString())?.slice(0, 200) ?? null,
    avatarUrl: await avatarOf(actor, options.documentLoader),
    profileUrl: webUrl(hrefOf(actor.url)) ?? actor.id.href,
    inbox: actor.inboxId?.href ?? null,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
    summary: remoteHtmlToText(actor.summary?.toString()),
  };
  const [row] = await db
    .insert(remoteActors)
    .values(values)
    .onConflictDoUpdate({ target: remoteActors.uri, set: { ...values, fetchedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('Upserting a remote actor returned no row');
  return row;
}

/** The remote actor of this URI, if it was ever remembered. */
export async function findRemoteActorByUri(
  db: Database,
  uri: string,
): Promise<RemoteActor | undefined> {
  const [row] = await db.select().from(remoteActors).where(eq(remoteActors.uri, uri));
  return row;
}
