import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SocialLinks } from './users.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type ApplicationSocialLinks = SocialLinks & { instagram?: string; twitter?: string };

/** A request to become a creator; an admin approves or rejects it with a reason. */
export const creatorApplications = pgTable(
  'creator_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    username: text('username').notNull(),
    bio: text('bio').notNull(),
    /** The profile's main category (one of PROFILE_CATEGORIES), or none chosen. */
    category: text('category'),
    profileImageId: uuid('profile_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    coverImageId: uuid('cover_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    socialLinks: jsonb('social_links').$type<ApplicationSocialLinks>().notNull().default({}),
    subcategories: text('subcategories').array().notNull(),
    tags: text('tags').array().notNull(),
    vibes: text('vibes').array().notNull(),
    rejectionReason: text('rejection_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('creator_applications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('creator_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/** Each user's settings (the spec's Settings tabs), kept on the server so they follow the user. */
export const userSettings = pgTable('user_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
