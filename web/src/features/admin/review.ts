import { CREATOR_SOCIAL_KEYS, PROFILE_CATEGORIES } from '@zura/contracts';
import { categoryLabel as translatedCategory } from '../../lib/taxonomy-labels';
import type { CreatorSocialKey } from '../creator';

export interface ReviewLink {
  key: CreatorSocialKey;
  url: string;
}

/** Only http(s) addresses become links; anything else an applicant typed is left out. */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An application's links in the form's order, web addresses only. */
export function applicationLinks(links: Record<string, string>): ReviewLink[] {
  return CREATOR_SOCIAL_KEYS.flatMap((key) => {
    const url = safeHttpUrl(links[key]);
    return url ? [{ key, url }] : [];
  });
}

/** A category's display name: the list's name for a predefined id, else the custom text. */
export function categoryLabel(value: string): string {
  return translatedCategory(value);
}

/** A main category's name, or its id when it is not one of the profile categories. */
export function profileCategoryLabel(value: string): string {
  return PROFILE_CATEGORIES.some((category) => category.id === value)
    ? translatedCategory(value)
    : value;
}
