/** What other modules may use of follows: nothing else of it is theirs to import. */
export { followedAmong, unfollow } from './repo.ts';
