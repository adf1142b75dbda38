import { z } from 'zod';
import { booleanField } from './fields.ts';
import {
  ENTRY_LISTS,
  entryListProblem,
  normalizeEntries,
  type EntryListField,
} from './taxonomy.ts';

export const SUBSCRIPTION_PRICES = ['free', '4.99', '9.99', '19.99'] as const;
export type SubscriptionPrice = (typeof SUBSCRIPTION_PRICES)[number];

export const socialLinks = z.object({
  youtube: z.string().optional(),
  tiktok: z.string().optional(),
  reddit: z.string().optional(),
  website: z.string().optional(),
});

/** Sizes to show first: a 96 px avatar, a 640 px cover (added to the spec's fields). */
const smallProfileImages = z.object({
  profile_image_small: z.string().nullable().optional(),
  cover_image_small: z.string().nullable().optional(),
});

/** "User profile" of the spec, as the owner sees it. */
export const ownProfile = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  bio: z.string(),
  followers: z.number(),
  profile_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  ...smallProfileImages.shape,
  category: z.string().nullable(),
  subcategories: z.array(z.string()),
  tags: z.array(z.string()),
  vibes: z.array(z.string()),
  social_links: socialLinks,
  instagram_url: z.string(),
  x_url: z.string(),
  subscription_price: z.string(),
  custom_tag: z.string(),
  custom_vibe: z.string(),
  show_subcategories: z.boolean(),
  show_tags: z.boolean(),
  show_vibes: z.boolean(),
  is_profile_locked: z.boolean(),
  /** Issue 35: whether gated images and videos carry the viewer's name unless a post says. */
  visible_mark_default: z.boolean(),
  is_creator: z.boolean(),
  is_admin: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfile>;

export const PROFILE_BIO_MAX_LENGTH = 500;
export const PROFILE_PASSWORD_MIN_LENGTH = 4;

const urlOrEmpty = z
  .string()
  .trim()
  .max(500, 'Links must be at most 500 characters long.')
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
    'Enter a valid URL starting with http:// or https://.',
  );

/** A list of tags, vibes or categories: the one rule, on the list as it will be stored. */
const entryList = (field: EntryListField) => {
  const error = `Send ${ENTRY_LISTS[field].many} as a list.`;
  return z.array(z.string({ error }), { error }).superRefine((list, ctx) => {
    const problem = entryListProblem(field, normalizeEntries(list));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
};

/** `PUT /api/auth/profile/`: every field optional; what is sent is changed. */
export const profileUpdateRequest = z.object({
  username: z.string().optional(),
  bio: z
    .string()
    .max(PROFILE_BIO_MAX_LENGTH, 'Bio must be at most 500 characters long.')
    .optional(),
  category: z.string().nullable().optional(),
  subcategories: entryList('subcategories').optional(),
  tags: entryList('tags').optional(),
  vibes: entryList('vibes').optional(),
  subscription_price: z
    .enum(SUBSCRIPTION_PRICES, { error: 'Choose one of: free, 4.99, 9.99, 19.99.' })
    .optional(),
  instagram_url: urlOrEmpty.optional(),
  x_url: urlOrEmpty.optional(),
  social_links: z
    .object({
      youtube: urlOrEmpty.optional(),
      tiktok: urlOrEmpty.optional(),
      reddit: urlOrEmpty.optional(),
      website: urlOrEmpty.optional(),
    })
    .optional(),
  profile_image_uuid: z.uuid({ error: 'Not a valid file id.' }).nullable().optional(),
  cover_image_uuid: z.uuid({ error: 'Not a valid file id.' }).nullable().optional(),
  custom_tag: z.string().max(40, 'Must be at most 40 characters long.').optional(),
  custom_vibe: z.string().max(40, 'Must be at most 40 characters long.').optional(),
  show_subcategories: booleanField('show_subcategories').optional(),
  show_tags: booleanField('show_tags').optional(),
  show_vibes: booleanField('show_vibes').optional(),
  is_profile_locked: booleanField('is_profile_locked').optional(),
  /** Issue 35: a visible mark with each viewer's name on your gated images and videos. */
  visible_mark_default: booleanField('visible_mark_default').optional(),
  profile_password: z.string().max(256, 'Password must be at most 256 characters long').optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

/** Another user's profile as a viewer sees it; a locked one shows only its header. */
export const publicProfile = z.object({
  id: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  ...smallProfileImages.shape,
  is_profile_locked: z.boolean(),
  is_unlocked: z.boolean(),
  is_owner: z.boolean(),
  bio: z.string().optional(),
  followers: z.number().optional(),
  category: z.string().nullable().optional(),
  subcategories: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  vibes: z.array(z.string()).optional(),
  social_links: socialLinks.optional(),
  instagram_url: z.string().optional(),
  x_url: z.string().optional(),
  subscription_price: z.string().optional(),
  is_creator: z.boolean().optional(),
  created_at: z.string().optional(),
  /** The viewer's active subscription to this creator, if any. */
  is_subscribed: z.boolean().optional(),
  is_following: z.boolean().optional(),
  subscription_id: z.number().nullable().optional(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

export const unlockRequest = z.object({
  password: z.string({ error: 'Password is required' }).optional(),
});
