import type { Federation } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { listAcceptedFollowers } from './followers.ts';
import { findActorUser } from './repo.ts';

type Log = { error: (obj: object, msg: string) => void };

/**
 * Before an account is deleted: a signed `Delete` of its actor goes to its remote followers, so
 * their servers drop the account and its posts. It is signed and queued while the user's keys
 * and followers still exist: Fedify's queued deliveries carry the sender's keys, so they are
 * made after the rows are gone (and the remote verifies with the key it cached when it
 * followed). A suspended account has no actor and sends nothing. Never throws: a deletion does
 * not wait on federation.
 */
export function createActorDeletion(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  log: Log;
}) {
  const { db, federation, publicUrl, log } = deps;
  return async function sendDeleteOfActor(userId: number): Promise<void> {
    try {
      const identifier = String(userId);
      if (!(await findActorUser(db, identifier))) return;
      const followers = await listAcceptedFollowers(db, userId);
      if (followers.length === 0) return;
      const ctx = federation.createContext(new URL(publicUrl), undefined);
      const actor = ctx.getActorUri(identifier);
      await ctx.sendActivity(
        { identifier },
        followers.map((row) => ({
          id: new URL(row.actorId),
          inboxId: new URL(row.inbox),
          endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
        })),
        new Delete({
          id: new URL(`#delete/${Date.now()}`, actor),
          actor,
          object: actor,
          to: PUBLIC_COLLECTION,
        }),
        { preferSharedInbox: true },
      );
    } catch (error) {
      log.error({ err: error, userId }, 'federation: could not send Delete of the actor');
    }
  };
}
