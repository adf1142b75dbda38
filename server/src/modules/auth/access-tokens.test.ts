import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

describe('access tokens', () => {
  const key = randomBytes(32);
  const tokens = createAccessTokens(key);

  it('answers the user of a token it issued, again and again', async () => {
    const token = await tokens.issue(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
  });

  it('refuses a tampered copy of a token it has already accepted', async () => {
    const token = await tokens.issue(7);
    expect(await tokens.verify(token)).toBe(7);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(
      JSON.stringify({ user_id: 8, token_type: 'access', iss: 'zura', exp: 9_999_999_999 }),
    ).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeUndefined();
  });

  it('refuses a token of another key, an expired token and one that is not an access token', async () => {
    expect(await tokens.verify(await createAccessTokens(randomBytes(32)).issue(1))).toBeUndefined();
    const sign = (claims: Record<string, unknown>, expires: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('zura')
        .setExpirationTime(expires)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    expect(await tokens.verify(await sign({ user_id: 3, token_type: 'access' }, now - 5))).toBe(
      undefined,
    );
    expect(await tokens.verify(await sign({ user_id: 3, token_type: 'refresh' }, now + 60))).toBe(
      undefined,
    );
    expect(await tokens.verify(await sign({ user_id: 3, token_type: 'access' }, now + 60))).toBe(3);
  });
});
