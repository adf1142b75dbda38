import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { actorKeys } from '../../db/schema/index.ts';

/** Imported pairs kept in memory at most; past it the map starts again (a key import is cheap). */
const MAX_KEPT = 10_000;

type StoredPair = { publicKey: webcrypto.JsonWebKey; privateKey: webcrypto.JsonWebKey };

async function exportPair(pair: webcrypto.CryptoKeyPair): Promise<StoredPair> {
  return {
    publicKey: await exportJwk(pair.publicKey),
    privateKey: await exportJwk(pair.privateKey),
  };
}

async function importPair(pair: StoredPair): Promise<webcrypto.CryptoKeyPair> {
  return {
    publicKey: await importJwk(pair.publicKey, 'public'),
    privateKey: await importJwk(pair.privateKey, 'private'),
  };
}

/**
 * Each user's two key pairs, made on first need: RSASSA-PKCS1-v1_5 first (draft-cavage HTTP
 * Signatures, what Mastodon verifies), then Ed25519 (RFC 9421, Object Integrity Proofs). Fedify
 * uses the first pair of a kind it needs, in this order. Imported keys are kept in memory: they
 * never change once made.
 */
export function createActorKeys(db: Database) {
  const imported = new Map<number, Promise<webcrypto.CryptoKeyPair[]>>();

  async function load(userId: number): Promise<webcrypto.CryptoKeyPair[]> {
    let [row] = await db.select().from(actorKeys).where(eq(actorKeys.userId, userId));
    if (!row) {
      const rsa = await exportPair(await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'));
      const ed25519 = await exportPair(await generateCryptoKeyPair('Ed25519'));
      // Two instances making a user's first keys at once: the first insert wins, both read it.
      await db
        .insert(actorKeys)
        .values({
          userId,
          rsaPublic: rsa.publicKey,
          rsaPrivate: rsa.privateKey,
          ed25519Public: ed25519.publicKey,
          ed25519Private: ed25519.privateKey,
        })
        .onConflictDoNothing();
      [row] = await db.select().from(actorKeys).where(eq(actorKeys.userId, userId));
      if (!row) throw new Error(`actor keys of user ${userId} were not kept`);
    }
    return [
      await importPair({ publicKey: row.rsaPublic, privateKey: row.rsaPrivate }),
      await importPair({ publicKey: row.ed25519Public, privateKey: row.ed25519Private }),
    ];
  }

  return {
    /** The user's pairs, RSA then Ed25519; made and stored the first time they are asked for. */
    pairsOf(userId: number): Promise<webcrypto.CryptoKeyPair[]> {
      let pairs = imported.get(userId);
      if (!pairs) {
        if (imported.size >= MAX_KEPT) imported.clear();
        pairs = load(userId);
        // A failure is not kept: the next request tries again.
        pairs.catch(() => imported.delete(userId));
        imported.set(userId, pairs);
      }
      return pairs;
    },
  };
}

export type ActorKeys = ReturnType<typeof createActorKeys>;
