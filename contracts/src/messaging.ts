/**
 * Limits of one-to-one messages, shared by the server's route schema and service and by the
 * web's composer, so the three cannot drift apart again.
 */

/** The longest message text, in characters (after trimming, as the server stores it). */
export const MESSAGE_MAX_LENGTH = 5000;

/** The refusal of a text past {@link MESSAGE_MAX_LENGTH}. */
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH} characters long.`;

/** The conversation list's pages: `?limit=` defaults to this many and accepts at most the max. */
export const CONVERSATIONS_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 100;
