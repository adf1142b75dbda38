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
