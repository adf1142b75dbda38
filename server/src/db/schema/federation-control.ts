import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Remote domains an admin has defederated (`modules/federation/domain-blocks.ts`): a domain
 * and its subdomains get 403 at our inboxes, are sent nothing, and lose their followers when
 * the block is made. `blocked_by` keeps no foreign key, as the audit log, so a block outlives
 * the admin who made it.
 */
export const federationDomainBlocks = pgTable(
  'federation_domain_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lowercase hostname, no port: `example.social`. */
    domain: text('domain').notNull(),
    reason: text('reason').notNull().default(''),
    blockedBy: bigint('blocked_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federation_domain_blocks_domain_idx').on(t.domain)],
);

/**
 * Remote actors a creator blocked (`modules/federation/control.ts`): sent `Block`, removed as
 * followers, and their later `Follow`s refused.
 */
export const federationActorBlocks = pgTable(
  'federation_actor_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    handle: text('handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federation_actor_blocks_user_actor_idx').on(t.userId, t.actorId),
    index('federation_actor_blocks_actor_idx').on(t.actorId),
  ],
);
