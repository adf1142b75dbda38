import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import {
  federationDomainBlocks,
  federationMessages,
  remoteActors,
  remoteFollowers,
  remoteFollows,
} from '../../db/schema/index.ts';

/** A hostname as admins type it: letters, digits, dots and hyphens, or an IPv4 address. */
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The hostname an admin meant, lowercased, from `example.social`, `https://example.social/`
 * or `@someone@example.social`; null when it is not one.
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  const handle = /^@?[^@\s/:]+@([^@\s/]+)$/.exec(text);
  if (handle?.[1]) text = handle[1];
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = new URL(text).hostname;
  } catch {
    return null;
  }
  text = text.replace(/\.$/, '');
  return HOSTNAME.test(text) ? text : null;
}

/** A hostname and each parent domain of it: a block of `example.social` covers `a.example.social`. */
function domainAndParents(hostname: string): string[] {
  const host = hostname.toLowerCase();
  if (IPV4.test(host)) return [host];
  const labels = host.split('.');
  return labels
    .slice(0, -1)
    .map((_, i) => labels.slice(i).join('.'))
    .concat(labels.slice(-1));
}

/** The hostname of a URL, null when it is not one. */
export function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Whether any of these hostnames (or a parent domain of one) is blocked: one indexed read. */
async function isAnyHostBlocked(db: Database, hostnames: string[]): Promise<boolean> {
  const candidates = [...new Set(hostnames.flatMap(domainAndParents))];
  if (candidates.length === 0) return false;
  const [row] = await db
    .select({ id: federationDomainBlocks.id })
    .from(federationDomainBlocks)
    .where(inArray(federationDomainBlocks.domain, candidates))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a remote account is on a blocked domain: `@name@host[:port]` (as WebFinger takes it)
 * or its actor's URL. Following out checks it before it looks up, follows or sends anything.
 */
export async function isAccountOnBlockedDomain(db: Database, account: string): Promise<boolean> {
  const host = /^https?:\/\//i.test(account)
    ? hostnameOf(account)
    : account.slice(account.lastIndexOf('@') + 1).replace(/:\d+$/, '') || null;
  return host !== null && isAnyHostBlocked(db, [host]);
}

/**
 * SQL: the URL in `column` is on a blocked domain or a subdomain of one, for filtering
 * recipients in the query that lists them.
 */
export function onBlockedDomain(column: AnyPgColumn | SQL): SQL {
  const host = sql`lower(substring(${column} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)'))`;
  return sql`exists (select 1 from ${federationDomainBlocks} where ${host} = ${federationDomainBlocks.domain} or ${host} like '%.' || ${federationDomainBlocks.domain})`;
}

export function listDomainBlocks(db: Database) {
  return db.select().from(federationDomainBlocks).orderBy(asc(federationDomainBlocks.domain));
}

/**
 * Blocks a domain and removes its followers of every local user, every local user's follow of
 * its accounts (so no like, boost or reply goes to it) and the deliveries to it still queued,
 * in the caller's transaction.
 * Undefined when the domain was already blocked.
 */
export async function insertDomainBlock(
  tx: Executor,
  block: { domain: string; reason: string; blockedBy: number },
) {
  const [row] = await tx
    .insert(federationDomainBlocks)
    .values(block)
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  const removed = await tx
    .delete(remoteFollowers)
    .where(onBlockedDomain(remoteFollowers.actorId))
    .returning({ id: remoteFollowers.id });
  // Quietly: an Undo would be a delivery to the server just blocked.
  await tx
    .delete(remoteFollows)
    .where(
      inArray(
        remoteFollows.remoteActorId,
        tx
          .select({ id: remoteActors.id })
          .from(remoteActors)
          .where(onBlockedDomain(remoteActors.uri)),
      ),
    );
  // Deliveries to it already queued are dropped (Fedify's outbox messages name their inbox),
  // but one being made at this moment (claimed, its lease running).
  await tx
    .delete(federationMessages)
    .where(
      and(
        sql`${federationMessages.message} ->> 'type' = 'outbox'`,
        onBlockedDomain(sql`${federationMessages.message} ->> 'inbox'`),
        or(isNull(federationMessages.lockedUntil), lt(federationMessages.lockedUntil, sql`now()`)),
      ),
    );
  return { block: row, followersRemoved: removed.length };
}

export async function deleteDomainBlock(tx: Executor, id: number) {
  const [row] = await tx
    .delete(federationDomainBlocks)
    .where(eq(federationDomainBlocks.id, id))
    .returning();
  return row;
}

/** The key ids a delivery names in its signature headers (draft-cavage and RFC 9421). */
function signerKeyIds(headers: Headers): string[] {
  const text = `${headers.get('signature') ?? ''} ${headers.get('signature-input') ?? ''}`;
  return [...text.matchAll(/keyid="([^"]+)"/gi)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** The `actor` a delivered activity names, when its body is JSON that names one. */
function actorOfBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const actor = (parsed as { actor?: unknown }).actor;
    if (typeof actor === 'string') return actor;
    const id = (actor as { id?: unknown } | null | undefined)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Whether an inbox delivery comes from a blocked domain: its signer's key or its actor is on
 * one. Read from the raw request, before Fedify fetches a key or parses anything, so a
 * defederated server costs one indexed read.
 */
export async function isDeliveryFromBlockedDomain(
  db: Database,
  headers: Headers,
  body: Buffer | undefined,
): Promise<boolean> {
  const urls = signerKeyIds(headers);
  const actor = body ? actorOfBody(body.toString('utf8')) : null;
  if (actor) urls.push(actor);
  const hosts = urls.flatMap((url) => hostnameOf(url) ?? []);
  return isAnyHostBlocked(db, hosts);
}
