/** What other modules may use of profiles: nothing else of it is theirs to import. */
export { canViewProfile, canViewProfileSql, canViewProfiles } from './content-access.ts';
export { presentProfile } from './presenter.ts';
export { findUserByIdOrUsername, updateUser, usernameTakenByOther } from './repo.ts';
export type { ProfilesService } from './service.ts';
export { viewerMarksOf } from './viewer-marks.ts';
