import { CATEGORIES, PROFILE_CATEGORIES, taxonomySlug } from '@zura/contracts/taxonomy';
import { PRESET_TAGS, PRESET_VIBES } from '@zura/contracts/taxonomy-presets';

/** English names by key: the lists' own names, so the two never drift apart. */
function byKey(entries: readonly (readonly [string, string])[]): Record<string, string> {
  return Object.fromEntries(entries);
}

/**
 * The labels of the taxonomy: categories by id, preset tags and vibes by `taxonomySlug`. The
 * stored values stay the ids and the presets' English names (what search and filters match);
 * only what is shown is translated (`<code>-taxonomy.json`). Custom entries show as typed.
 */
export const taxonomyText = {
  taxonomy: {
    categories: byKey([...PROFILE_CATEGORIES, ...CATEGORIES].map(({ id, name }) => [id, name])),
    tags: byKey(PRESET_TAGS.map((tag) => [taxonomySlug(tag), tag])),
    vibes: byKey(PRESET_VIBES.map((vibe) => [taxonomySlug(vibe), vibe])),
  },
};
