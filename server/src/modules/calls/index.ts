/** What other modules may use of calls: nothing else of it is theirs to import. */
export type { CallsService } from './service.ts';
