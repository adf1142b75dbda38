import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Two-factor sign-in (TOTP) of a user. The shared secret is stored encrypted with a key derived
 * from the instance's signing key (a database copy alone cannot compute codes). `enabledAt` is
 * null while set-up waits for its first code. `lastUsedStep` is the newest 30-second step whose
 * code was accepted: a code is good once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  encryptedSecret: text('encrypted_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes given when two-factor sign-in is turned on, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
