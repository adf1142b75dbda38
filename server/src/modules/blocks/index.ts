/** What other modules may use of blocks: nothing else of it is theirs to import. */
export { isBlockedEitherWay, notBlockedWith } from './repo.ts';
export type { BlocksService } from './service.ts';
