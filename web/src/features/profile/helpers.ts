import { profileCategory } from '@zura/contracts';
import { categoryLabel } from '../../lib/taxonomy-labels';
import type { TFunction } from '../../lib/translator';
import { ApiError, errorBodyText, isRecord } from '../../lib/api-errors';
import type { ViewedProfile } from './api';

/**
 * Which profile /profile/{userId} shows: the current user's own for no userId or their id,
 * otherwise the id or username from the path.
 */
export function profileKeyFor(
  userIdParam: string | undefined,
  currentUserId: number | null,
): string | undefined {
  const param = userIdParam?.trim();
  if (!param || param === String(currentUserId)) {
    return currentUserId === null ? undefined : String(currentUserId);
  }
  return param;
}

/** Profile load failures (spec §8): a 404 is "not found", anything else a failed load. */
export function profileLoadFailure(error: unknown): 'not-found' | 'failed' {
  return error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed';
}

/** Spec §8 "Unlock profile". */
export function unlockProfileErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'incorrect_password') {
    return t('profile.unlockErrors.incorrect');
  }
  if (error instanceof ApiError && error.code === 'password_required') {
    return t('profile.unlockErrors.required');
  }
  const text = errorBodyText(error, 'error') ?? errorBodyText(error, 'detail');
  if (text && error instanceof ApiError && error.status < 500) return text;
  return t('profile.unlockErrors.failed');
}

const SOCIAL_KINDS = ['instagram', 'x', 'youtube', 'tiktok', 'reddit', 'website'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export interface SocialLink {
  kind: SocialKind;
  url: string;
}

/** Only web links become anchors: a stored "javascript:" text never reaches an href. */
function safeWebUrl(value: string | undefined | null): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The profile's non-empty social links in the spec's order. */
export function socialLinksOf(
  profile: Pick<ViewedProfile, 'instagram_url' | 'x_url' | 'social_links'>,
): SocialLink[] {
  const links = profile.social_links ?? {};
  const urls: Record<SocialKind, string | undefined> = {
    instagram: profile.instagram_url,
    x: profile.x_url,
    youtube: links.youtube,
    tiktok: links.tiktok,
    reddit: links.reddit,
    website: links.website,
  };
  return SOCIAL_KINDS.flatMap((kind) => {
    const url = safeWebUrl(urls[kind]);
    return url ? [{ kind, url }] : [];
  });
}

/** A subcategory's display name: the list's name for a known id, else the text itself. */
export function subcategoryLabel(id: string): string {
  return categoryLabel(id);
}

/** The profile-page category (name and icon) of a stored category id. */
export function categoryOf(id: string | null | undefined) {
  return id ? profileCategory(id) : undefined;
}

/** Spec §5: the username input keeps only letters, digits, underscores and hyphens. */
export function stripUsername(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '');
}

/** Spec §8 "Save": how a refused PUT /auth/profile/ is explained. */
export type SaveErrorText =
  { kind: 'validation'; lines: string[] } | { kind: 'server'; text: string } | { kind: 'generic' };

export function describeSaveError(error: unknown): SaveErrorText {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  const { body, status } = error;
  if (typeof body === 'string' && body.trim() !== '') return { kind: 'server', text: body.trim() };
  if (status < 500 && isRecord(body)) {
    const lines = Object.entries(body).flatMap(([field, value]) => {
      const list = Array.isArray(value) ? value : [value];
      const texts = list.filter((item): item is string => typeof item === 'string' && item !== '');
      return texts.length > 0 ? [`${field}: ${texts.join(' ')}`] : [];
    });
    if (lines.length > 0) return { kind: 'validation', lines };
  }
  return { kind: 'generic' };
}
