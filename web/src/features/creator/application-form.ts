import {
  CREATOR_SOCIAL_KEYS,
  creatorApplicationMessages,
  creatorSocialLinksSchema,
  normalizeEntries,
  validateCreatorApplication,
  type OwnProfile,
} from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import { ApiError, isRecord } from '../../lib/api-errors';
import type { MultipartBody } from '../../lib/upload';
import type { ApplicationState, CreatorApplication } from './api';

export type CreatorSocialKey = (typeof CREATOR_SOCIAL_KEYS)[number];

/** The application form's values as the inputs hold them (images live beside the form). */
export interface ApplicationFormValues {
  username: string;
  bio: string;
  /** The main category's id; '' for none. */
  category: string;
  links: Record<CreatorSocialKey, string>;
  subcategories: string[];
  tags: string[];
  vibes: string[];
}

/** Fields that can carry a message, named as the server names them; in the form's order. */
export const APPLICATION_FIELDS = [
  'profile_image',
  'cover_image',
  'username',
  'bio',
  'social_links',
  'subcategories',
  'tags',
  'vibes',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

export type ApplicationMessageKey = keyof typeof creatorApplicationMessages | 'linksInvalid';

/** What the page does once it knows the user's standing (spec §4). */
export type ApplicationGate =
  | { kind: 'redirect'; message: 'pending' | 'approved' | 'alreadyCreator' }
  | { kind: 'form'; rejectionReason: string | null };

/**
 * A creator: 'You are already an approved creator!', however they became one (the spec's text
 * for anyone already is_creator). Pending: told so and sent home. Approved but not yet a creator
 * (the approval is being applied): 'approved'. Nothing yet, or a rejection: the form (with the
 * reason, so they can apply again).
 */
export function applicationGate(state: ApplicationState): ApplicationGate {
  const latest = state.application;
  if (state.is_creator) return { kind: 'redirect', message: 'alreadyCreator' };
  if (state.status === 'pending') return { kind: 'redirect', message: 'pending' };
  if (state.status === 'approved') return { kind: 'redirect', message: 'approved' };
  if (state.status === 'rejected') {
    return { kind: 'form', rejectionReason: latest?.rejection_reason?.trim() || null };
  }
  return { kind: 'form', rejectionReason: null };
}

function emptyLinks(): Record<CreatorSocialKey, string> {
  return Object.fromEntries(CREATOR_SOCIAL_KEYS.map((key) => [key, ''])) as Record<
    CreatorSocialKey,
    string
  >;
}

/**
 * Starting values: a rejected applicant starts from what they sent last time; anyone else from
 * their profile (Instagram and X live in their own profile fields).
 */
export function initialApplicationValues(
  profile: OwnProfile | undefined,
  previous: CreatorApplication | null | undefined,
): ApplicationFormValues {
  const links = emptyLinks();
  if (previous) {
    for (const key of CREATOR_SOCIAL_KEYS) links[key] = previous.social_links[key] ?? '';
    return {
      username: previous.username,
      bio: previous.bio,
      category: previous.category ?? '',
      links,
      subcategories: [...previous.subcategories],
      tags: [...previous.tags],
      vibes: [...previous.vibes],
    };
  }
  if (!profile) {
    return { username: '', bio: '', category: '', links, subcategories: [], tags: [], vibes: [] };
  }
  links.instagram = profile.instagram_url;
  links.twitter = profile.x_url;
  links.youtube = profile.social_links.youtube ?? '';
  links.tiktok = profile.social_links.tiktok ?? '';
  links.reddit = profile.social_links.reddit ?? '';
  links.website = profile.social_links.website ?? '';
  return {
    username: profile.username,
    bio: profile.bio,
    category: profile.category ?? '',
    links,
    subcategories: [...profile.subcategories],
    tags: [...profile.tags],
    vibes: [...profile.vibes],
  };
}

/** The non-empty links, trimmed. */
function filledLinks(links: Record<CreatorSocialKey, string>): Partial<typeof links> {
  const result: Partial<typeof links> = {};
  for (const key of CREATOR_SOCIAL_KEYS) {
    const value = links[key].trim();
    if (value !== '') result[key] = value;
  }
  return result;
}

const keyByMessage = new Map<string, keyof typeof creatorApplicationMessages>(
  Object.entries(creatorApplicationMessages).map(
    ([key, text]) => [text, key as keyof typeof creatorApplicationMessages] as const,
  ),
);

/**
 * The section-5 rules (shared with the server), then web addresses for the links, which are
 * URL inputs. Answers the catalogue key of each failing field's message.
 */
export function validateApplicationForm(
  values: ApplicationFormValues,
  images: { hasProfileImage: boolean; hasCoverImage: boolean },
): Partial<Record<ApplicationField, ApplicationMessageKey>> {
  const socialLinks = filledLinks(values.links);
  const problems = validateCreatorApplication({
    username: values.username,
    bio: values.bio,
    socialLinks,
    subcategories: normalizeEntries(values.subcategories),
    tags: normalizeEntries(values.tags),
    vibes: normalizeEntries(values.vibes),
    ...images,
  });
  const result: Partial<Record<ApplicationField, ApplicationMessageKey>> = {};
  for (const field of APPLICATION_FIELDS) {
    const text = problems[field];
    const key = text === undefined ? undefined : keyByMessage.get(text);
    if (key) result[field] = key;
  }
  if (!result.social_links && !creatorSocialLinksSchema.safeParse(socialLinks).success) {
    result.social_links = 'linksInvalid';
  }
  return result;
}

/** The multipart fields of POST /auth/creator-application/. */
export type ApplicationBody = MultipartBody<'/api/auth/creator-application/'>;

/** The multipart body of POST /auth/creator-application/. */
export function buildApplicationBody(
  values: ApplicationFormValues,
  images: { profile?: File | undefined; cover?: File | undefined },
): ApplicationBody {
  return {
    // A file not chosen is left out of the form.
    profile_image: images.profile,
    cover_image: images.cover,
    username: values.username.trim(),
    bio: values.bio.trim(),
    category: values.category,
    social_links: JSON.stringify(filledLinks(values.links)),
    subcategories: JSON.stringify(normalizeEntries(values.subcategories)),
    tags: JSON.stringify(normalizeEntries(values.tags)),
    vibes: JSON.stringify(normalizeEntries(values.vibes)),
  };
}

/** A refused or failed submission: the alert's lines and any messages for single fields. */
export interface SubmitFailure {
  lines: string[];
  fields: Partial<Record<ApplicationField, string>>;
}

function texts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/**
 * Spec §8 "Creator application submit": `{error}` → 'Error: {error}'; a map of fields →
 * 'Error submitting application:' and one 'field: messages, joined' line each (or 'Please
 * check your input and try again.'); anything else (network, 5xx) → the generic text. A lone
 * `{detail}` (rate limit, too large) reads like an `{error}`.
 */
export function describeSubmitFailure(error: unknown, t: TFunction): SubmitFailure {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) {
    return { lines: [t('creatorApplication.submitError.failed')], fields: {} };
  }
  const body = error.body;
  const [errorText] = texts(body.error);
  if (errorText)
    return { lines: [t('creatorApplication.submitError.error', { error: errorText })], fields: {} };
  const keys = Object.keys(body);
  const [detail] = texts(body.detail);
  if (detail && keys.length === 1) {
    return { lines: [t('creatorApplication.submitError.error', { error: detail })], fields: {} };
  }
  const lines: string[] = [];
  const fields: Partial<Record<ApplicationField, string>> = {};
  for (const [field, value] of Object.entries(body)) {
    const messages = texts(value);
    if (messages.length === 0) continue;
    lines.push(`${field}: ${messages.join(', ')}`);
    if ((APPLICATION_FIELDS as readonly string[]).includes(field)) {
      fields[field as ApplicationField] = messages.join(' ');
    }
  }
  return {
    lines: [
      t('creatorApplication.submitError.heading'),
      ...(lines.length > 0 ? lines : [t('creatorApplication.submitError.check')]),
    ],
    fields,
  };
}
