import createClient from 'openapi-fetch';
import type { paths } from '@zura/contracts/openapi';
import { orThrow } from './errors.ts';
import type { Tokens } from './tokens.ts';

/**
 * What signing in gives: the token pair, or, for an account with two-factor sign-in on, a
 * challenge to answer with `completeTwoFactor` and a code from the authenticator app. A result
 * rather than an exception: it is an expected step, not a failure.
 */
export type SignInResult =
  ({ status: 'signed_in' } & Tokens) | { status: 'two_factor_required'; challenge: string };

type SignInOptions = { fetch?: (request: Request) => Promise<Response> };

/** Signs in with an email and password; a wrong pair throws `ZuraApiError` (`invalid_credentials`). */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const client = createClient<paths>({ baseUrl, ...options });
  const answer = orThrow(await client.POST('/api/auth/token/', { body: { email, password } }));
  if ('two_factor_required' in answer) {
    return { status: 'two_factor_required', challenge: answer.challenge };
  }
  return { status: 'signed_in', access: answer.access, refresh: answer.refresh };
}

/** The second step: the challenge `signIn` gave and the six-digit code (or a recovery code). */
export async function completeTwoFactor(
  baseUrl: string,
  challenge: string,
  code: string,
  options: SignInOptions = {},
): Promise<Tokens> {
  const client = createClient<paths>({ baseUrl, ...options });
  return orThrow(await client.POST('/api/auth/token/2fa/', { body: { challenge, code } }));
}
