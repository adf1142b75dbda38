import { CATEGORIES, PRESET_TAGS, PRESET_VIBES } from '@zura/contracts';
import { categoryLabel, tagLabel, vibeLabel } from '../../../lib/taxonomy-labels';
import type { ChipOption } from './ChipPicker';

// The profile editor's and the creator application's pickers of categories, tags and vibes.
// Labels are getters: read at each render, so they follow the reader's language.

export const CATEGORY_OPTIONS: ChipOption[] = CATEGORIES.map(({ id }) => ({
  value: id,
  get label() {
    return categoryLabel(id);
  },
}));

export const TAG_OPTIONS: ChipOption[] = PRESET_TAGS.map((tag) => ({
  value: tag,
  get label() {
    return tagLabel(tag);
  },
}));

export const VIBE_OPTIONS: ChipOption[] = PRESET_VIBES.map((vibe) => ({
  value: vibe,
  get label() {
    return vibeLabel(vibe);
  },
}));
