import {
  categoryName,
  PRESET_TAGS,
  PRESET_VIBES,
  profileCategory,
  taxonomySlug,
} from '@zura/contracts';
import { i18n } from './i18n';

/**
 * What a creator's category, tags and vibes read in the reader's language. Stored are category
 * ids and the presets' English names (search and filters match those); a preset is shown by its
 * translated label, a custom entry as its creator typed it.
 */
const presetTags = new Map(PRESET_TAGS.map((tag) => [tag.toLowerCase(), tag]));
const presetVibes = new Map(PRESET_VIBES.map((vibe) => [vibe.toLowerCase(), vibe]));

/** A translated label, its English name while no catalogue holds it (not loaded yet). */
function label(key: string, english: string): string {
  return i18n.translate(key, { defaultValue: english });
}

/** A category id's name (profile-page or predefined); a custom category as it was typed. */
export function categoryLabel(id: string): string {
  const english = profileCategory(id)?.name ?? categoryName(id);
  return english ? label(`taxonomy.categories.${id}`, english) : id;
}

export function tagLabel(tag: string): string {
  const preset = presetTags.get(tag.trim().toLowerCase());
  return preset ? label(`taxonomy.tags.${taxonomySlug(preset)}`, preset) : tag;
}

export function vibeLabel(vibe: string): string {
  const preset = presetVibes.get(vibe.trim().toLowerCase());
  return preset ? label(`taxonomy.vibes.${taxonomySlug(preset)}`, preset) : vibe;
}
