/** What other modules may use of users: nothing else of it is theirs to import. */
export {
  type MediaUrlResolver,
  presentOwnProfile,
  presentPrice,
  smallImageUrls,
} from './presenter.ts';
export { findUserById } from './repo.ts';
export { hiddenAmong, hiddenFrom, isHiddenFrom, NOBODY, visibleTo } from './visibility.ts';
export { createSuspendedUsers } from './suspended-users.ts';
