import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@zura/contracts';

/** Who a valid access token names: its user, the session it belongs to, and until when. */
export type AccessClaims = { userId: number; sessionId: number; expiresAt: number };

export type AccessTokens = {
  issue: (userId: number, sessionId: number) => Promise<string>;
  /**
   * The token's claims, or undefined when it is malformed, forged or expired. Whether its session
   * is still going is the session check's question (`auth/session-check.ts`), not this one's.
   */
  verify: (token: string) => Promise<AccessClaims | undefined>;
  /**
   * The claims of a token verified before and not expired, at once (no promise: asked on every
   * signed-in request); undefined when `verify` must decide.
   */
  known: (token: string) => AccessClaims | undefined;
};

const ISSUER = 'zura';
/** Tokens already checked, remembered with their expiry: a client sends the same one for an hour. */
const MAX_REMEMBERED_TOKENS = 50_000;

/**
 * Access tokens are short-lived HS256 JWTs carrying the claim `user_id`, as the client reads,
 * and `sid`, the session they belong to: a token outlives neither its session nor its hour.
 */
export function createAccessTokens(key: Uint8Array): AccessTokens {
  // Imported once: given raw bytes, every signature and check would import the key again.
  const secret = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  /** The token string (signature included) → who it names and until when. */
  const checked = new Map<string, AccessClaims>();

  async function check(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      const { user_id: userId, sid: sessionId } = payload;
      if (
        payload.token_type !== 'access' ||
        typeof userId !== 'number' ||
        !Number.isSafeInteger(userId) ||
        typeof sessionId !== 'number' ||
        !Number.isSafeInteger(sessionId) ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      return { userId, sessionId, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  return {
    async issue(userId, sessionId) {
      return new SignJWT({ user_id: userId, sid: sessionId, token_type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
        .sign(await secret);
    },
    known(token) {
      const known = checked.get(token);
      return known && known.expiresAt > Date.now() ? known : undefined;
    },
    async verify(token) {
      const known = checked.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known;
        checked.delete(token);
      }
      const verified = await check(token);
      if (verified) {
        if (checked.size >= MAX_REMEMBERED_TOKENS) checked.clear();
        checked.set(token, verified);
      }
      return verified;
    },
  };
}
