import { z } from 'zod';
import { messages } from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './validation.ts';

/** A required string field: absent, null or non-string all answer the same clear message. */
export const requiredString = z.string({ error: messages.required });

export const signupRequest = z.object({
  username: requiredString,
  email: requiredString,
  password: requiredString,
  password_confirm: requiredString,
});
export type SignupRequest = z.infer<typeof signupRequest>;

/** The same for a new address and one that already has an account: it tells nobody which. */
export const signupResponse = z.object({ username: z.string(), email: z.string() });
export type SignupResponse = z.infer<typeof signupResponse>;

export const tokenRequest = z.object({ email: requiredString, password: requiredString });
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** A right password on an account with two-factor sign-in: no tokens until the code comes. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
export const loginResponse = z.union([tokenPair, twoFactorChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;
export const secondFactorRequest = z.object({ challenge: requiredString, code: requiredString });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
  /** Set-up is refused until the account's address is verified. */
  email_verified: z.boolean(),
});
export const twoFactorSetupRequest = z.object({ password: requiredString });
export const twoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorCodeRequest = z.object({ code: requiredString });
export const twoFactorEnabled = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export const twoFactorDisableRequest = z.object({
  password: requiredString,
  code: requiredString,
});

export const refreshRequest = z.object({ refresh: requiredString });

export const tokenBody = z.object({ token: requiredString });

export const passwordResetRequest = z.object({ email: requiredString });
export const passwordResetConfirmRequest = z.object({
  token: requiredString,
  new_password: requiredString,
});

export const changePasswordRequest = z.object({
  current_password: requiredString,
  new_password: requiredString,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** One signed-in device in the user's list; `current` is the one asking. */
export const sessionInfo = z.object({
  id: z.number(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  /** English words for API clients ("Chrome 156 on Linux"); the web says browser and system. */
  device: z.string(),
  /** The browser and its major version ("Chrome 156"), null when the sign-in did not say. */
  browser: z.string().nullable(),
  /** The operating system ("Linux"), null when the sign-in did not say. */
  system: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ results: z.array(sessionInfo) });

export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const messageResponse = z.object({ message: z.string() });
export const errorResponse = z.object({ error: z.string() });
export const verifyTokenResponse = z.object({ valid: z.boolean(), error: z.string().optional() });
export const resetConfirmError = z.object({ error: z.string(), details: z.array(z.string()) });
export const detailResponse = z.object({ detail: z.string() });

/** Claims of the access JWT; the web reads `user_id` and `exp`. */
export const accessClaims = z.object({ user_id: z.number(), exp: z.number(), iat: z.number() });
export type AccessClaims = z.infer<typeof accessClaims>;

export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
