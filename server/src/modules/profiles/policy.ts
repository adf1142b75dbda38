import type { UserRow } from '../../db/schema/index.ts';

/** Whether a viewer sees a profile's content (bio, extras, posts) or only its header. */
export function canViewProfileContent(
  profile: Pick<UserRow, 'id' | 'isProfileLocked'>,
  viewerId: number,
  unlocked: boolean,
): boolean {
  return profile.id === viewerId || !profile.isProfileLocked || unlocked;
}
