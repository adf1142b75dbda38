import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

describe('access tokens', () => {
  const key = randomBytes(32);
  const tokens = createAccessTokens(key);

  it('answers the user and session of a token it issued, again and again', async () => {
    const token = await tokens.issue(42, 9);
    const claims = { userId: 42, sessionId: 9, expiresAt: expect.any(Number) as number };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a tampered copy of a token it has already accepted', async () => {
    const token = await tokens.issue(7, 1);
    expect((await tokens.verify(token))?.userId).toBe(7);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(
      JSON.stringify({ user_id: 8, sid: 1, token_type: 'access', iss: 'zura', exp: 9_999_999_999 }),
    ).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeUndefined();
  });

  it('refuses a token of another key, an expired token, one that is not an access token and one of no session', async () => {
    expect(
      await tokens.verify(await createAccessTokens(randomBytes(32)).issue(1, 1)),
    ).toBeUndefined();
    const sign = (claims: Record<string, unknown>, expires: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('zura')
        .setExpirationTime(expires)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const access = { user_id: 3, sid: 4, token_type: 'access' };
    expect(await tokens.verify(await sign(access, now - 5))).toBeUndefined();
    expect(await tokens.verify(await sign({ ...access, token_type: 'refresh' }, now + 60))).toBe(
      undefined,
    );
    // Tokens made before sessions existed carry no `sid`: their holders refresh once.
    expect(await tokens.verify(await sign({ user_id: 3, token_type: 'access' }, now + 60))).toBe(
      undefined,
    );
    expect(await tokens.verify(await sign(access, now + 60))).toEqual({
      userId: 3,
      sessionId: 4,
      expiresAt: (now + 60) * 1000,
    });
  });
});
