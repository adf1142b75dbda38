/**
 * Where an operation sits in the API reference and the line that names it, from its method and
 * path, so every route has both without repeating them in each schema (a route's own
 * `schema.summary` or `schema.tags` wins). The groups follow the web app's areas.
 */

/** Path prefixes (after `/api/`) and their group, the most specific first. */
const GROUPS: [prefix: string, tag: string][] = [
  ['auth/users/', 'Users'],
  ['auth/profile/', 'Profile'],
  ['auth/subscriptions/', 'Subscriptions'],
  ['auth/settings/', 'Account'],
  ['auth/sessions/', 'Account'],
  ['auth/account/', 'Account'],
  ['auth/blocks/', 'Account'],
  ['auth/email-shares/', 'Account'],
  ['auth/creator-application/', 'Creator'],
  ['auth/', 'Sign-in'],
  ['admin/leak-trace/', 'Leak tracing'],
  ['creator/leak-trace/', 'Leak tracing'],
  ['admin/', 'Admin'],
  ['creator/mass-messages/', 'Mass messages'],
  ['creator/welcome-message/', 'Mass messages'],
  ['creator/offers/', 'Offers'],
  ['creator/bundles/', 'Offers'],
  ['offers/', 'Offers'],
  ['creator/analytics/', 'Analytics'],
  ['creator/audience/', 'Analytics'],
  ['creator/', 'Creator'],
  ['tips/', 'Wallet'],
  ['wallet/', 'Wallet'],
  ['uploads/', 'Media'],
  ['library/', 'Media'],
  ['media/', 'Media'],
];

const words = (segment: string) => segment.replace(/[-_]+/g, ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
/** "posts" → "post", "replies" → "reply"; a word that is not plural stays. */
const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

function segmentsOf(url: string): string[] {
  return url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter((segment) => segment !== '');
}

/** The operation's group: the listed area, else its first path segment ("Posts"). */
export function tagFor(url: string): string {
  const rest = `${segmentsOf(url).join('/')}/`;
  const listed = GROUPS.find(([prefix]) => rest.startsWith(prefix));
  if (listed) return listed[1];
  const first = segmentsOf(url)[0];
  return first ? capitalised(words(first)) : 'Health';
}

/**
 * A short line naming what the operation does: "List posts", "Get post", "Unlock post",
 * "Create payout", "Delete session". An action after an id (`/posts/:id/unlock/`) is the verb
 * and the resource before the id its object.
 */
export function summaryFor(method: string, url: string): string {
  const segments = segmentsOf(url);
  if (segments.length === 0) return 'Check the API is up';
  const last = segments.at(-1) ?? '';
  const named = segments.filter((segment) => !isParam(segment));
  const noun = words(named.at(-1) ?? '');
  const verb = method.toUpperCase();
  if (isParam(last)) {
    const thing = singular(noun);
    // GET /posts/user/:id/: the posts of that user.
    const listOf = words(named.at(-2) ?? '');
    if (verb === 'GET' && listOf.endsWith('s') && named.length >= 2 && listOf !== 'auth') {
      return `List ${listOf} of ${thing}`;
    }
    if (verb === 'GET') return `Get ${thing}`;
    if (verb === 'DELETE') return `Delete ${thing}`;
    if (verb === 'PUT' || verb === 'PATCH') return `Update ${thing}`;
    return capitalised(`${verb.toLowerCase()} ${thing}`);
  }
  const afterParam = segments.length >= 2 && isParam(segments.at(-2) ?? '');
  if (afterParam) {
    const owner = singular(words(named.at(-2) ?? ''));
    if (verb === 'GET') return capitalised(`${noun} of ${owner}`);
    if (verb === 'DELETE') return capitalised(`remove ${noun} of ${owner}`);
    if (verb === 'PUT' || verb === 'PATCH') return capitalised(`update ${noun} of ${owner}`);
    // POST /posts/:id/unlock/: the last word says what is done to the post.
    return capitalised(`${noun} ${owner}`);
  }
  if (verb === 'GET') return noun.endsWith('s') ? `List ${noun}` : capitalised(`get ${noun}`);
  if (verb === 'POST') {
    return noun.endsWith('s') ? `Create ${singular(noun)}` : capitalised(noun);
  }
  if (verb === 'DELETE') return `Delete ${noun}`;
  return `Update ${noun}`;
}
