/**
 * Creator taxonomy shared by the server (validation) and the web app (pickers): the profile-page
 * categories, the edit-screen / creator-application category list, the preset tags and vibes, the
 * limits on those lists, and the helpers that clean up user-entered tags and vibes.
 *
 * Spec: accounts-profiles-feed §3 ("Profile-page category options", "Edit-screen lists") and
 * engagement-creator §3 ("Creator application form values"); both screens use the same lists.
 */

/** Longest custom tag, vibe or category name a user may type. */
export const MAX_CUSTOM_ENTRY_LENGTH = 40;
/** Most tags one profile may carry. */
export const MAX_TAGS = 30;
/** Most vibes one profile may carry. */
export const MAX_VIBES = 20;
/** Most subcategories (category ids or custom names) one profile may carry. */
export const MAX_SUBCATEGORIES = 20;

/**
 * The characters of a tag, vibe or category: letters and digits of any script first, then also
 * spaces and `_ & ' + - .`, which the preset names use ("Q&A Sessions", "Let's Plays", "18+ Only",
 * "nsfw_art").
 */
export const ENTRY_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} _&'+.-]*$/u;
/** {@link ENTRY_PATTERN} in words, for messages. */
export const ENTRY_CHARACTERS = "letters, numbers, spaces and _ & ' + - .";

/** A profile's user-entered lists: the words their messages use and how many each may hold. */
export const ENTRY_LISTS = {
  subcategories: { one: 'category', many: 'categories', max: MAX_SUBCATEGORIES },
  tags: { one: 'tag', many: 'tags', max: MAX_TAGS },
  vibes: { one: 'vibe', many: 'vibes', max: MAX_VIBES },
} as const;
export type EntryListField = keyof typeof ENTRY_LISTS;

/**
 * The one rule for a profile's tags, vibes and categories, in the profile editor and the creator
 * application alike (server and web): how many, how long, which characters. Takes the cleaned
 * list ({@link normalizeEntries}); answers the message of the first problem, if any.
 */
export function entryListProblem(
  field: EntryListField,
  entries: readonly string[],
): string | undefined {
  const { one, many, max } = ENTRY_LISTS[field];
  if (entries.length > max) return `Choose at most ${max} ${many}.`;
  if (entries.some((entry) => entry.length > MAX_CUSTOM_ENTRY_LENGTH))
    return `Each ${one} must be at most ${MAX_CUSTOM_ENTRY_LENGTH} characters long.`;
  if (entries.some((entry) => !ENTRY_PATTERN.test(entry)))
    return `Each ${one} may use only ${ENTRY_CHARACTERS}`;
  return undefined;
}

/**
 * The profile page's own category options. `icon` is the name of a lucide-react icon component,
 * so the web app can resolve it (e.g. `icons[category.icon]`) while this package stays free of React.
 */
export const PROFILE_CATEGORIES = [
  { id: 'art', name: 'Art', icon: 'Palette' },
  { id: 'fitness', name: 'Fitness', icon: 'Dumbbell' },
  { id: 'tech', name: 'Tech', icon: 'Cpu' },
  { id: 'adult', name: 'Adult', icon: 'Flame' },
  { id: 'lifestyle', name: 'Lifestyle', icon: 'Sparkles' },
  { id: 'gaming', name: 'Gaming', icon: 'Gamepad2' },
  { id: 'music', name: 'Music', icon: 'Music' },
  { id: 'comedy', name: 'Comedy', icon: 'Laugh' },
  { id: 'education', name: 'Education', icon: 'GraduationCap' },
  { id: 'travel', name: 'Travel', icon: 'Plane' },
  { id: 'fashion', name: 'Fashion', icon: 'Shirt' },
  { id: 'food', name: 'Food', icon: 'UtensilsCrossed' },
] as const;

export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];
export type ProfileCategoryId = ProfileCategory['id'];
export type ProfileCategoryIcon = ProfileCategory['icon'];

/** The predefined categories offered on the profile edit screen and in the creator application. */
export const CATEGORIES = [
  { id: 'adult_content', name: 'Adult Content' },
  { id: 'fetish', name: 'Fetish' },
  { id: 'bdsm', name: 'BDSM' },
  { id: 'roleplay', name: 'Roleplay' },
  { id: 'cosplay', name: 'Cosplay' },
  { id: 'lingerie', name: 'Lingerie' },
  { id: 'yoga', name: 'Yoga' },
  { id: 'fitness', name: 'Fitness' },
  { id: 'fashion', name: 'Fashion' },
  { id: 'asmr', name: 'ASMR' },
  { id: 'vlogs', name: 'Vlogs' },
  { id: 'gaming', name: 'Gaming' },
  { id: 'art', name: 'Art' },
  { id: 'photography', name: 'Photography' },
  { id: 'music', name: 'Music' },
  { id: 'comedy', name: 'Comedy' },
  { id: 'education', name: 'Education' },
  { id: 'travel', name: 'Travel' },
  { id: 'food', name: 'Food' },
  { id: 'lifestyle', name: 'Lifestyle' },
  { id: 'dance', name: 'Dance' },
  { id: 'beauty', name: 'Beauty' },
  { id: 'makeup', name: 'Makeup' },
  { id: 'cooking', name: 'Cooking' },
  { id: 'tech', name: 'Tech' },
  { id: 'podcasts', name: 'Podcasts' },
  { id: 'writing', name: 'Writing' },
  { id: 'poetry', name: 'Poetry' },
  { id: 'crafts', name: 'Crafts' },
  { id: 'diy', name: 'DIY' },
  { id: 'pets', name: 'Pets' },
  { id: 'nature', name: 'Nature' },
  { id: 'outdoors', name: 'Outdoors' },
  { id: 'sports', name: 'Sports' },
  { id: 'martial_arts', name: 'Martial Arts' },
  { id: 'bodybuilding', name: 'Bodybuilding' },
  { id: 'pole_dance', name: 'Pole Dance' },
  { id: 'burlesque', name: 'Burlesque' },
  { id: 'feet', name: 'Feet' },
  { id: 'alt', name: 'Alt' },
  { id: 'gothic', name: 'Gothic' },
  { id: 'anime', name: 'Anime' },
  { id: 'tattoos', name: 'Tattoos' },
  { id: 'piercings', name: 'Piercings' },
  { id: 'couples', name: 'Couples' },
  { id: 'amateur', name: 'Amateur' },
  { id: 'glamour', name: 'Glamour' },
  { id: 'boudoir', name: 'Boudoir' },
  { id: 'nsfw_art', name: 'NSFW Art' },
  { id: 'modeling', name: 'Modeling' },
  { id: 'swimwear', name: 'Swimwear' },
  { id: 'wellness', name: 'Wellness' },
  { id: 'meditation', name: 'Meditation' },
  { id: 'film', name: 'Film' },
  { id: 'streaming', name: 'Streaming' },
  { id: 'science', name: 'Science' },
  { id: 'finance', name: 'Finance' },
  { id: 'books', name: 'Books' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryId = Category['id'];

const categoryById: ReadonlyMap<string, Category> = new Map(CATEGORIES.map((c) => [c.id, c]));
const profileCategoryById: ReadonlyMap<string, ProfileCategory> = new Map(
  PROFILE_CATEGORIES.map((c) => [c.id, c]),
);

/** Display name of a predefined category id; `undefined` for custom or unknown ids. */
export function categoryName(id: string): string | undefined {
  return categoryById.get(id)?.name;
}

/** Whether `id` is one of the predefined {@link CATEGORIES} ids (exact, case-sensitive). */
export function isKnownCategory(id: string): id is CategoryId {
  return categoryById.has(id);
}

/** The profile-page category option with this id, or `undefined`. */
export function profileCategory(id: string): ProfileCategory | undefined {
  return profileCategoryById.get(id);
}

/**
 * The stable key of a preset tag or vibe ("Q&A Sessions" → `q_a_sessions`): the web's catalogues
 * name each preset's translated label by it (`taxonomy.tags.q_a_sessions`). The stored value
 * stays the preset's English name, which search and filters match on.
 */
export function taxonomySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Case-insensitive comparison key for tags, vibes and custom category names. */
function entryKey(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Cleans a list of user-entered tags, vibes or subcategories: trims each entry, drops empty ones
 * and removes case-insensitive duplicates, keeping the first spelling and the original order.
 */
export function normalizeEntries(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    const key = entryKey(value);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

/**
 * Appends a custom entry (the picker's Add button). The value is trimmed; if it is then empty or
 * already in `list` (case-insensitively), a copy of `list` is returned unchanged. Length and count
 * limits are not applied here: callers check {@link MAX_CUSTOM_ENTRY_LENGTH} and the list maximums.
 */
export function addCustomEntry(list: readonly string[], value: string): string[] {
  const trimmed = value.trim();
  if (trimmed === '') return [...list];
  const key = entryKey(trimmed);
  if (list.some((entry) => entryKey(entry) === key)) return [...list];
  return [...list, trimmed];
}
