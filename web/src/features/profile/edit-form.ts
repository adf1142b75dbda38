import {
  normalizeEntries,
  PROFILE_BIO_MAX_LENGTH,
  PROFILE_PASSWORD_MIN_LENGTH,
  SUBSCRIPTION_PRICES,
  USERNAME_PATTERN,
  type OwnProfile,
  type ProfileUpdateRequest,
} from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import { z } from 'zod';

/** The profile edit form's fields (spec §2.9), all as the inputs hold them. */
export const profileEditSchema = (t: TFunction, wasLocked: boolean) =>
  z
    .object({
      username: z.string(),
      bio: z.string(),
      instagram_url: z.string(),
      x_url: z.string(),
      youtube: z.string(),
      tiktok: z.string(),
      reddit: z.string(),
      website: z.string(),
      category: z.string(),
      subcategories: z.array(z.string()),
      tags: z.array(z.string()),
      vibes: z.array(z.string()),
      show_subcategories: z.boolean(),
      show_tags: z.boolean(),
      show_vibes: z.boolean(),
      subscription_price: z.string(),
      is_profile_locked: z.boolean(),
      profile_password: z.string(),
      visible_mark_default: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (!values.is_profile_locked) return;
      const password = values.profile_password;
      // Turning the lock on needs a password; an existing lock keeps its password if empty.
      if (password === '' && !wasLocked) {
        ctx.addIssue({
          code: 'custom',
          path: ['profile_password'],
          message: t('profileEdit.lockPasswordRequired'),
        });
      } else if (password !== '' && password.length < PROFILE_PASSWORD_MIN_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['profile_password'],
          message: t('profileEdit.lockPasswordTooShort', { min: PROFILE_PASSWORD_MIN_LENGTH }),
        });
      }
    });
export type ProfileEditValues = z.infer<ReturnType<typeof profileEditSchema>>;

export const BIO_MAX_LENGTH = PROFILE_BIO_MAX_LENGTH;

/** The form's starting values from the own profile. */
export function formValuesFrom(profile: OwnProfile): ProfileEditValues {
  const links = profile.social_links;
  const price = (SUBSCRIPTION_PRICES as readonly string[]).includes(profile.subscription_price)
    ? profile.subscription_price
    : 'free';
  return {
    username: profile.username,
    bio: profile.bio,
    instagram_url: profile.instagram_url,
    x_url: profile.x_url,
    youtube: links.youtube ?? '',
    tiktok: links.tiktok ?? '',
    reddit: links.reddit ?? '',
    website: links.website ?? '',
    category: profile.category ?? '',
    subcategories: profile.subcategories,
    tags: profile.tags,
    vibes: profile.vibes,
    show_subcategories: profile.show_subcategories,
    show_tags: profile.show_tags,
    show_vibes: profile.show_vibes,
    subscription_price: price,
    is_profile_locked: profile.is_profile_locked,
    profile_password: '',
    visible_mark_default: profile.visible_mark_default,
  };
}

export interface UploadedImageIds {
  profile?: string;
  cover?: string;
}

/**
 * The PUT /auth/profile/ body. Spec §5: the username only when it matches the pattern; empty
 * social links left out. The social_links object replaces the stored one, so a cleared link
 * disappears by being left out; instagram_url and x_url are single fields, so clearing one
 * that was set sends it empty (left out it would stay).
 */
export function buildProfileUpdate(
  values: ProfileEditValues,
  initial: Pick<OwnProfile, 'instagram_url' | 'x_url'>,
  images: UploadedImageIds = {},
): ProfileUpdateRequest {
  const body: ProfileUpdateRequest = {
    bio: values.bio,
    category: values.category || null,
    subcategories: normalizeEntries(values.subcategories),
    tags: normalizeEntries(values.tags),
    vibes: normalizeEntries(values.vibes),
    show_subcategories: values.show_subcategories,
    show_tags: values.show_tags,
    show_vibes: values.show_vibes,
    is_profile_locked: values.is_profile_locked,
    visible_mark_default: values.visible_mark_default,
  };
  const username = values.username.trim();
  if (USERNAME_PATTERN.test(username)) body.username = username;
  if ((SUBSCRIPTION_PRICES as readonly string[]).includes(values.subscription_price)) {
    body.subscription_price =
      values.subscription_price as ProfileUpdateRequest['subscription_price'];
  }
  for (const field of ['instagram_url', 'x_url'] as const) {
    const value = values[field].trim();
    if (value !== '' || initial[field] !== '') body[field] = value;
  }
  const socialLinks: NonNullable<ProfileUpdateRequest['social_links']> = {};
  for (const field of ['youtube', 'tiktok', 'reddit', 'website'] as const) {
    const value = values[field].trim();
    if (value !== '') socialLinks[field] = value;
  }
  body.social_links = socialLinks;
  if (values.is_profile_locked && values.profile_password !== '') {
    body.profile_password = values.profile_password;
  }
  if (images.profile) body.profile_image_uuid = images.profile;
  if (images.cover) body.cover_image_uuid = images.cover;
  return body;
}
