/**
 * Answers presented once from a cached page and sent again while that page stays cached.
 *
 * The hot pages (the feed, a post, a profile's posts, a conversation, the notifications) are
 * cached as rows until a change notice invalidates them; what was still paid on every request
 * was turning those rows into the contract's answer and writing its JSON, most of a cached
 * page's cost. So the answer made from a cached page is cached beside it (a WeakMap: it goes when
 * the page goes) under what else it depends on (the viewer, the media signer's period), and
 * marked as reused so that the response serializer writes its JSON once too
 * (`plugins/response-serializer.ts`). Reused answers are frozen: one change to a shared answer
 * would show to every later reader.
 */

const answers = new WeakMap<object, { key: string; answer: object }>();
const reused = new WeakSet<object>();

/**
 * The answer presented from `page` for `key` (the viewer, the signer's period: whatever else
 * the answer depends on), made by `present` the first time and reused while `page` is the same
 * object and `key` the same string. Only for pages that are never changed in place.
 */
export function cachedAnswer<T extends object>(page: object, key: string, present: () => T): T {
  const found = answers.get(page);
  if (found?.key === key) return found.answer as T;
  const answer = reusedAnswer(present());
  answers.set(page, { key, answer });
  return answer;
}

/** Marks an answer that will be sent again unchanged, so its JSON is written once. */
export function reusedAnswer<T extends object>(answer: T): T {
  reused.add(Object.freeze(answer));
  return answer;
}

export function isReusedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && reused.has(value);
}
