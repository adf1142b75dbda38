/** What other modules may use of moderation: nothing else of it is theirs to import. */
export type { Moderation } from './service.ts';
