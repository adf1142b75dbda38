import { queryOptions } from '@tanstack/react-query';
import type { SignupRequest, TokenRequest } from '@zura/contracts';
import { client, type Answer } from '../../lib/api-client';
import { ApiError, isRecord } from '../../lib/api-errors';
import { setSession } from '../../lib/session';

/** Calls of the sign-in family never carry a (possibly stale) session: `auth: false`. */
const publicCall = { auth: false } as const;

type VerifyTokenResponse = Answer<'/api/auth/password-reset/verify-token/', 'post'>;

const authKeys = {
  all: ['auth'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
  resetToken: (token: string) => [...authKeys.all, 'reset-token', token] as const,
};

/**
 * POST /auth/token/ and store the pair: this is what "signed in" means. An account with
 * two-factor sign-in answers a challenge instead, for `loginSecondFactor`.
 */
export async function login(credentials: TokenRequest): Promise<{ challenge?: string }> {
  const answer = await client.POST('/api/auth/token/', { body: credentials, ...publicCall });
  if ('challenge' in answer) return { challenge: answer.challenge };
  setSession(answer);
  return {};
}

/** POST /auth/token/2fa/: the challenge and a code (or a recovery code) give the pair. */
export async function loginSecondFactor(body: { challenge: string; code: string }) {
  setSession(await client.POST('/api/auth/token/2fa/', { body, ...publicCall }));
}

export function signup(body: SignupRequest) {
  return client.POST('/api/auth/signup/', { body, ...publicCall });
}

function verifyEmail(token: string) {
  return client.POST('/api/auth/verify-email/', { body: { token }, ...publicCall });
}

export function requestPasswordReset(email: string) {
  return client.POST('/api/auth/password-reset/', { body: { email }, ...publicCall });
}

/** The invalid-token 400 carries {valid, error?}; any other 400 (a field error) stays an error. */
function isVerifyTokenAnswer(body: unknown): body is VerifyTokenResponse {
  return (
    isRecord(body) &&
    typeof body.valid === 'boolean' &&
    (body.error === undefined || typeof body.error === 'string')
  );
}

/** Answers {valid, error?}; the server says "invalid" with a 400 carrying the same shape. */
async function verifyResetToken(token: string) {
  try {
    return await client.POST('/api/auth/password-reset/verify-token/', {
      body: { token },
      ...publicCall,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && isVerifyTokenAnswer(error.body)) {
      return error.body;
    }
    throw error;
  }
}

export function confirmPasswordReset(token: string, newPassword: string) {
  return client.POST('/api/auth/password-reset/confirm/', {
    body: { token, new_password: newPassword },
    ...publicCall,
  });
}

/**
 * Verification links are one-time: as queries (keyed by token, never refetched) React's
 * double effects in development and remounts reuse the first answer instead of re-posting.
 */
const onceOnly = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    ...onceOnly,
  });
}

export function resetTokenQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: () => verifyResetToken(token),
    ...onceOnly,
  });
}
