import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Why a session ended; what ends one is listed in docs/ARCHITECTURE.md ("Sessions"). */
export const SESSION_END_REASONS = [
  'logout',
  'token_reuse',
  'password_reset',
  'password_changed',
  'account_deleted',
  'suspended',
  'revoked',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * One sign-in: what a login starts and every refresh token, access token, live socket and call
 * ticket of it carries. It ends once (`endedAt`), and everything carrying it stops at once on
 * every instance (the `session_ended` change notice of migration 0017). `expiresAt` moves with
 * each refresh; a session nobody refreshed for 14 days is over without ending.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sign-in or the newest refresh: the device list shows it as "last used". */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Address and browser of the sign-in or the newest refresh, for the device list. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: SESSION_END_REASONS }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per refresh token ever issued. Tokens of one session share its id; a rotated token
 * presented again outside the grace window ends the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Single-use tokens: mailed ones (email verification, password reset) and the challenge a
 * sign-in with the right password gets when the account asks for a second factor.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'password_reset', 'two_factor_challenge'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

export type OneTimeTokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
