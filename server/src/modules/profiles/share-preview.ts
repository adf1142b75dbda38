import type { Database } from '../../db/client.ts';
import { excerpt, openGraphTags, type OpenGraphCard } from '../../lib/open-graph.ts';
import type { MediaSigner } from '../media/index.ts';
import { isHiddenFrom, NOBODY } from '../users/index.ts';
import { findUserByIdOrUsername } from './repo.ts';

/**
 * What a link to `/profile/:user` shows where it is pasted (a creator's link in a bio, a chat,
 * a search result): the handle and the avatar, as a post's card says whose it is, and the bio
 * unless the profile is locked behind its password. A suspended or unknown user gives no card.
 * The page itself still asks to sign in.
 */
export function createProfilePreviews(deps: {
  db: Database;
  signer: MediaSigner;
  publicUrl: string;
}) {
  const { db, signer, publicUrl } = deps;
  return {
    async preview(idOrUsername: string): Promise<OpenGraphCard | undefined> {
      const user = await findUserByIdOrUsername(db, idOrUsername);
      if (!user || (await isHiddenFrom(db, NOBODY, user.id))) return undefined;
      const handle = `@${user.username}`;
      const bio = user.isProfileLocked ? '' : excerpt(user.bio);
      const invitation = user.isCreator ? `Subscribe to ${handle} on Zura` : `${handle} on Zura`;
      return {
        type: 'profile',
        title: `${handle} on Zura`,
        description: bio || invitation,
        image: user.profileImageId
          ? `${publicUrl}${signer.url(user.profileImageId, 'original')}`
          : `${publicUrl}/favicon.svg`,
        url: `${publicUrl}/profile/${encodeURIComponent(user.username)}`,
      };
    },
  };
}

export type ProfilePreviews = ReturnType<typeof createProfilePreviews>;

/** `/profile/luna` or `/profile/42/`: someone's profile page (`/profile/edit` is the editor). */
const PROFILE_PAGE = /^\/profile\/([^/]{1,100})\/?$/;

/** The tags to put in the `<head>` of the app served for `pathname`, if it is a profile page. */
export async function profilePreviewHead(
  previews: ProfilePreviews,
  pathname: string,
): Promise<string | undefined> {
  const segment = PROFILE_PAGE.exec(pathname)?.[1];
  if (!segment || segment === 'edit') return undefined;
  let idOrUsername: string;
  try {
    idOrUsername = decodeURIComponent(segment);
  } catch {
    // A malformed escape names nobody.
    return undefined;
  }
  const card = await previews.preview(idOrUsername);
  return card && openGraphTags(card);
}
