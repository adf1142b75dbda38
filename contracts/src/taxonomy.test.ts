import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  MAX_CUSTOM_ENTRY_LENGTH,
  MAX_SUBCATEGORIES,
  MAX_TAGS,
  MAX_VIBES,
  PROFILE_CATEGORIES,
  addCustomEntry,
  categoryName,
  entryListProblem,
  isKnownCategory,
  normalizeEntries,
  profileCategory,
  taxonomySlug,
} from './taxonomy.ts';
import { PRESET_TAGS, PRESET_VIBES } from './taxonomy-presets.ts';

function caseInsensitiveDuplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) duplicates.push(value);
    seen.add(key);
  }
  return duplicates;
}

describe('limits', () => {
  it('has the agreed values', () => {
    expect(MAX_CUSTOM_ENTRY_LENGTH).toBe(40);
    expect(MAX_TAGS).toBe(30);
    expect(MAX_VIBES).toBe(20);
    expect(MAX_SUBCATEGORIES).toBe(20);
  });
});

describe('PROFILE_CATEGORIES', () => {
  it('has exactly the 12 profile-page options of the spec, in order', () => {
    expect(PROFILE_CATEGORIES.map((c) => c.id)).toEqual([
      'art',
      'fitness',
      'tech',
      'adult',
      'lifestyle',
      'gaming',
      'music',
      'comedy',
      'education',
      'travel',
      'fashion',
      'food',
    ]);
  });

  it('gives each a name and a PascalCase icon component name', () => {
    for (const category of PROFILE_CATEGORIES) {
      expect(category.name.trim()).not.toBe('');
      expect(category.icon).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
  });
});

describe('CATEGORIES', () => {
  it('has exactly 58 entries with unique snake_case ids and unique names', () => {
    expect(CATEGORIES).toHaveLength(58);
    const ids = CATEGORIES.map((c) => c.id);
    expect(caseInsensitiveDuplicates(ids)).toEqual([]);
    expect(caseInsensitiveDuplicates(CATEGORIES.map((c) => c.name))).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('gives every category a trimmed, non-empty name within the entry length limit', () => {
    for (const { name } of CATEGORIES) {
      expect(name).toBe(name.trim());
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(MAX_CUSTOM_ENTRY_LENGTH);
    }
  });

  it.each([
    'adult_content',
    'fetish',
    'bdsm',
    'roleplay',
    'cosplay',
    'lingerie',
    'yoga',
    'fitness',
    'fashion',
    'asmr',
    'vlogs',
    'gaming',
    'art',
    'photography',
    'music',
    'comedy',
    'education',
    'travel',
    'food',
    'lifestyle',
  ])('includes the spec example %s', (id) => {
    expect(isKnownCategory(id)).toBe(true);
  });
});

describe('PRESET_TAGS', () => {
  it('has exactly 150 distinct tags (case-insensitively)', () => {
    expect(PRESET_TAGS).toHaveLength(150);
    expect(caseInsensitiveDuplicates(PRESET_TAGS)).toEqual([]);
  });

  it('has short, trimmed, capitalised tags', () => {
    for (const tag of PRESET_TAGS) {
      expect(tag).toBe(tag.trim());
      expect(tag.length).toBeGreaterThan(0);
      expect(tag.length).toBeLessThanOrEqual(MAX_CUSTOM_ENTRY_LENGTH);
      expect(tag).toMatch(/^[A-Z0-9]/);
    }
  });

  it.each(['Behind the Scenes', 'Daily Posts', 'Exclusive', 'Live Streams', 'Custom Requests'])(
    'includes %s',
    (tag) => {
      expect(PRESET_TAGS).toContain(tag);
    },
  );
});

describe('PRESET_VIBES', () => {
  it('has exactly 64 distinct single words (case-insensitively)', () => {
    expect(PRESET_VIBES).toHaveLength(64);
    expect(caseInsensitiveDuplicates(PRESET_VIBES)).toEqual([]);
    for (const vibe of PRESET_VIBES) expect(vibe).toMatch(/^[A-Z][a-z]+$/);
  });

  it.each(['Sultry', 'Playful', 'Dominant', 'Confident', 'Elegant', 'Intense'])(
    'includes the spec example %s',
    (vibe) => {
      expect(PRESET_VIBES).toContain(vibe);
    },
  );
});

describe('lookups', () => {
  it('categoryName returns the display name of a known id', () => {
    expect(categoryName('adult_content')).toBe('Adult Content');
    expect(categoryName('asmr')).toBe('ASMR');
    expect(categoryName('bdsm')).toBe('BDSM');
  });

  it('categoryName returns undefined for custom or unknown ids', () => {
    expect(categoryName('My Custom Category')).toBeUndefined();
    expect(categoryName('')).toBeUndefined();
    expect(categoryName('ASMR')).toBeUndefined();
  });

  it('isKnownCategory is exact and case-sensitive', () => {
    expect(isKnownCategory('cosplay')).toBe(true);
    expect(isKnownCategory('Cosplay')).toBe(false);
    expect(isKnownCategory(' cosplay')).toBe(false);
    expect(isKnownCategory('toString')).toBe(false);
  });

  it('profileCategory finds a profile-page option by id', () => {
    expect(profileCategory('gaming')).toEqual({ id: 'gaming', name: 'Gaming', icon: 'Gamepad2' });
    expect(profileCategory('adult')?.name).toBe('Adult');
    expect(profileCategory('adult_content')).toBeUndefined();
    expect(profileCategory('constructor')).toBeUndefined();
  });
});

describe('normalizeEntries', () => {
  it('trims, drops empties and removes case-insensitive duplicates keeping the first spelling', () => {
    expect(
      normalizeEntries([
        '  Cosplay ',
        'cosplay',
        '',
        '   ',
        'Daily Posts',
        'COSPLAY',
        'daily posts',
      ]),
    ).toEqual(['Cosplay', 'Daily Posts']);
  });

  it('preserves the original order', () => {
    expect(normalizeEntries(['Zeta', 'alpha', 'Mid', 'ALPHA', 'zeta'])).toEqual([
      'Zeta',
      'alpha',
      'Mid',
    ]);
  });

  it('treats entries that differ only by surrounding whitespace as duplicates', () => {
    expect(normalizeEntries(['Sultry', ' sultry  ', '\tSULTRY\n'])).toEqual(['Sultry']);
  });

  it('returns an empty list for empty input and does not mutate its argument', () => {
    expect(normalizeEntries([])).toEqual([]);
    const input = [' a ', 'A'];
    normalizeEntries(input);
    expect(input).toEqual([' a ', 'A']);
  });

  it('leaves the preset lists unchanged', () => {
    expect(normalizeEntries(PRESET_TAGS)).toEqual([...PRESET_TAGS]);
    expect(normalizeEntries(PRESET_VIBES)).toEqual([...PRESET_VIBES]);
  });
});

describe('addCustomEntry', () => {
  it('appends a trimmed new entry', () => {
    expect(addCustomEntry(['Playful'], '  Moonlit  ')).toEqual(['Playful', 'Moonlit']);
  });

  it('ignores an empty or whitespace-only value', () => {
    expect(addCustomEntry(['Playful'], '')).toEqual(['Playful']);
    expect(addCustomEntry(['Playful'], '   ')).toEqual(['Playful']);
  });

  it('ignores a value already present case-insensitively', () => {
    expect(addCustomEntry(['Playful', 'Cosplay'], 'playful')).toEqual(['Playful', 'Cosplay']);
    expect(addCustomEntry(['Playful', 'Cosplay'], '  COSPLAY ')).toEqual(['Playful', 'Cosplay']);
  });

  it('does not mutate the given list', () => {
    const list = ['Playful'];
    const next = addCustomEntry(list, 'Bold');
    expect(list).toEqual(['Playful']);
    expect(next).toEqual(['Playful', 'Bold']);
    expect(next).not.toBe(list);
  });

  it('adds to an empty list', () => {
    expect(addCustomEntry([], 'Bold')).toEqual(['Bold']);
  });
});

describe('entryListProblem', () => {
  it('takes every preset tag, vibe and category, ids and names alike', () => {
    const presets = [
      ...PRESET_TAGS,
      ...PRESET_VIBES,
      ...CATEGORIES.flatMap((c) => [c.id, c.name]),
      ...PROFILE_CATEGORIES.flatMap((c) => [c.id, c.name]),
    ];
    for (const entry of presets) expect(entryListProblem('tags', [entry]), entry).toBeUndefined();
  });

  it('takes letters of any script, and refuses markup, symbols and leading punctuation', () => {
    for (const entry of ['ñandú', '東京', 'नमस्ते', 'Café au lait']) {
      expect(entryListProblem('vibes', [entry]), entry).toBeUndefined();
    }
    for (const entry of ['<b>', '#tag', '-dash', "'quoted'", '🎉', 'a\u0000b', 'line\nbreak']) {
      expect(entryListProblem('vibes', [entry]), entry).toBe(
        "Each vibe may use only letters, numbers, spaces and _ & ' + - .",
      );
    }
  });

  it('counts each list against its own maximum and each entry against the length limit', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `entry${i}`);
    expect(entryListProblem('tags', many(MAX_TAGS))).toBeUndefined();
    expect(entryListProblem('tags', many(MAX_TAGS + 1))).toBe('Choose at most 30 tags.');
    expect(entryListProblem('vibes', many(MAX_VIBES + 1))).toBe('Choose at most 20 vibes.');
    expect(entryListProblem('subcategories', many(MAX_SUBCATEGORIES + 1))).toBe(
      'Choose at most 20 categories.',
    );
    expect(entryListProblem('tags', ['x'.repeat(MAX_CUSTOM_ENTRY_LENGTH)])).toBeUndefined();
    expect(entryListProblem('tags', ['x'.repeat(MAX_CUSTOM_ENTRY_LENGTH + 1)])).toBe(
      'Each tag must be at most 40 characters long.',
    );
  });
});

describe('taxonomySlug', () => {
  it('gives each preset tag and vibe a key of its own, stable for its English name', () => {
    expect(taxonomySlug('Q&A Sessions')).toBe('q_a_sessions');
    expect(taxonomySlug('18+ Only')).toBe('18_only');
    expect(taxonomySlug("Let's Plays")).toBe('let_s_plays');
    for (const list of [PRESET_TAGS, PRESET_VIBES]) {
      expect(new Set(list.map(taxonomySlug)).size).toBe(list.length);
    }
  });
});
