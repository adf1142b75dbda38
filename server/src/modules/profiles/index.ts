/** What other modules may use of profiles: nothing else of it is theirs to import. */
export { canViewProfileContent } from './policy.ts';
export { presentProfile } from './presenter.ts';
export {
  findUserByIdOrUsername,
  hasProfileUnlock,
  unlockedAmong,
  updateUser,
  usernameTakenByOther,
} from './repo.ts';
export type { ProfilesService } from './service.ts';
export { viewerMarksOf } from './viewer-marks.ts';
