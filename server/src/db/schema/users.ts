import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';

export type SocialLinks = { youtube?: string; tiktok?: string; reddit?: string; website?: string };

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isCreator: boolean('is_creator').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    bio: text('bio').notNull().default(''),
    profileImageId: uuid('profile_image_id').references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    coverImageId: uuid('cover_image_id').references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    category: text('category'),
    subcategories: text('subcategories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vibes: text('vibes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    instagramUrl: text('instagram_url').notNull().default(''),
    xUrl: text('x_url').notNull().default(''),
    /** Monthly price in cents; 0 means free. */
    subscriptionPriceCents: integer('subscription_price_cents').notNull().default(0),
    customTag: text('custom_tag').notNull().default(''),
    customVibe: text('custom_vibe').notNull().default(''),
    showSubcategories: boolean('show_subcategories').notNull().default(true),
    showTags: boolean('show_tags').notNull().default(true),
    showVibes: boolean('show_vibes').notNull().default(true),
    isProfileLocked: boolean('is_profile_locked').notNull().default(false),
    /**
     * Whether this author's gated images and videos carry a visible mark naming each viewer
     * (issue 35), unless a post says otherwise (`posts.visible_mark`). Off until chosen.
     */
    visibleMarkDefault: boolean('visible_mark_default').notNull().default(false),
    profilePasswordHash: text('profile_password_hash'),
    /** Set by a moderator: sign-in refused, every session ended, profile hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    followersCount: integer('followers_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Paths take an id or a username, and digits mean the id.
    check('users_username_not_digits', sql`${t.username} !~ '^[0-9]+$'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
