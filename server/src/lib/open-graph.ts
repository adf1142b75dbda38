import { SHARE_PREVIEW_TEXT_LENGTH } from '@zura/contracts';
import { escapeHtml } from './escape-html.ts';

/**
 * The Open Graph and Twitter card of a page, written into the `<head>` of the app served for it
 * (`registerWebApp`'s `headFor`). Link unfurlers run no JavaScript and sign in to nothing, so a
 * shared link's card comes from these tags alone.
 */
export type OpenGraphCard = {
  type: 'article' | 'profile';
  title: string;
  description: string;
  /** Absolute. */
  image: string | undefined;
  /** Shown wide (Twitter's `summary_large_image`): a post's own picture, not an avatar. */
  largeImage?: boolean;
  /** Absolute. */
  url: string;
};

/** The card's `<meta>` tags, every value escaped for an attribute. */
export function openGraphTags(card: OpenGraphCard): string {
  const image = card.image;
  const tags: [string, string, string][] = [
    ['property', 'og:type', card.type],
    ['property', 'og:site_name', 'Zura'],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', card.url],
    ...(image ? [['property', 'og:image', image] as [string, string, string]] : []),
    ['name', 'twitter:card', card.largeImage ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ...(image ? [['name', 'twitter:image', image] as [string, string, string]] : []),
  ];
  return tags
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n    ');
}

/** A text's first characters (a post's, a bio's), cut at a word where one ends near the limit. */
export function excerpt(text: string, limit = SHARE_PREVIEW_TEXT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
