import { z } from 'zod';
import { creatorApplicationMessages } from './creator-messages.ts';
import { entryListProblem } from './taxonomy.ts';
import { USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './validation.ts';

export { creatorApplicationMessages } from './creator-messages.ts';

export const CREATOR_BIO_MIN_LENGTH = 50;
export const CREATOR_BIO_MAX_LENGTH = 500;

export const CREATOR_SOCIAL_KEYS = [
  'instagram',
  'twitter',
  'youtube',
  'tiktok',
  'reddit',
  'website',
] as const;
export type CreatorSocialLinks = Partial<Record<(typeof CREATOR_SOCIAL_KEYS)[number], string>>;

export const APPLICATION_STATUS_VALUES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ApplicationStatusValue = (typeof APPLICATION_STATUS_VALUES)[number];

/** Field rules of the spec's section 5, shared by the form and the server. */
export function validateCreatorApplication(input: {
  username: string;
  bio: string;
  socialLinks: CreatorSocialLinks;
  subcategories: readonly string[];
  tags: readonly string[];
  vibes: readonly string[];
  hasProfileImage: boolean;
  hasCoverImage: boolean;
}): Record<string, string> {
  const m = creatorApplicationMessages;
  const errors: Record<string, string> = {};
  const username = input.username.trim();
  // The applied-for name becomes the account's username: sign-up's rule, not a looser one.
  if (!username) errors.username = m.usernameRequired;
  else if (username.length < USERNAME_MIN_LENGTH) errors.username = m.usernameTooShort;
  else if (!USERNAME_PATTERN.test(username)) errors.username = m.usernameInvalid;
  if (!input.hasProfileImage) errors.profile_image = m.profileImageRequired;
  if (!input.hasCoverImage) errors.cover_image = m.coverImageRequired;
  const bio = input.bio.trim();
  if (!bio) errors.bio = m.bioRequired;
  else if (bio.length < CREATOR_BIO_MIN_LENGTH) errors.bio = m.bioTooShort;
  else if (bio.length > CREATOR_BIO_MAX_LENGTH) errors.bio = m.bioTooLong;
  if (!Object.values(input.socialLinks).some((link) => link && link.trim())) {
    errors.social_links = m.socialLinkRequired;
  }
  const required = {
    subcategories: m.categoryRequired,
    tags: m.tagRequired,
    vibes: m.vibeRequired,
  };
  for (const field of ['subcategories', 'tags', 'vibes'] as const) {
    // The profile editor's rule too: approval puts these lists on the profile.
    const problem =
      input[field].length === 0 ? required[field] : entryListProblem(field, input[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

export const creatorSocialLinksSchema = z
  .record(z.string(), z.string().max(500, 'Links must be at most 500 characters long.'))
  .refine(
    (links) => Object.values(links).every((v) => v === '' || /^https?:\/\/\S+$/i.test(v.trim())),
    'Enter valid URLs starting with http:// or https://.',
  );

/** A creator application as its applicant and the admins see it. */
export const creatorApplication = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  username: z.string(),
  bio: z.string(),
  category: z.string().nullable(),
  profile_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  social_links: z.record(z.string(), z.string()),
  subcategories: z.array(z.string()),
  tags: z.array(z.string()),
  vibes: z.array(z.string()),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

/** GET /api/auth/creator-application/: where the caller stands, and their latest application. */
export const creatorApplicationStatus = z.object({
  status: z.enum(APPLICATION_STATUS_VALUES),
  is_creator: z.boolean(),
  application: creatorApplication.nullable(),
});

/** POST /api/auth/creator-application/ (201). */
export const creatorApplicationSubmitted = z.object({
  message: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  application: creatorApplication,
});

/** The admins' review queue: each application with its applicant's account today. */
export const creatorApplicationReviewList = z.array(
  creatorApplication.extend({
    user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
  }),
);
