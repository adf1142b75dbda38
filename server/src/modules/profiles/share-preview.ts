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
  /** Unused since cards moved to stable addresses (issue 32); services.ts still passes it. */
  signer: MediaSigner;
  publicUrl: string;
}) {
  const { db, publicUrl } = deps;

  /** What anyone may see of the profile on a card; undefined for a hidden or unknown user. */
  async function cardFacts(idOrUsername: string) {
    const user = await findUserByIdOrUsername(db, idOrUsername);
    if (!user || (await isHiddenFrom(db, NOBODY, user.id))) return undefined;
    const handle = `@${user.username}`;
    const bio = user.isProfileLocked ? '' : excerpt(user.bio);
    const invitation = user.isCreator ? `Subscribe to ${handle} on Zura` : `${handle} on Zura`;
    // The avatar is in a locked profile's header too: only the bio is the lock's.
    return { user, handle, text: bio || invitation, avatarUploadId: user.profileImageId };
  }

  return {
    cardFacts,

    async preview(idOrUsername: string): Promise<OpenGraphCard | undefined> {
      const facts = await cardFacts(idOrUsername);
      if (!facts) return undefined;
      const { user, handle, text } = facts;
      return {
        type: 'profile',
        title: `${handle} on Zura`,
        description: text,
        // A stable JPEG (`/og/profiles/:id.jpg`): a signed avatar URL expires within the hour.
        image: `${publicUrl}/og/profiles/${user.id}.jpg`,
        largeImage: true,
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
