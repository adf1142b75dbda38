import type { SubscriptionContents } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { UserKey } from '../../lib/validation.ts';
import { canViewProfile, type ProfilesService } from '../profiles/index.ts';
import { countPublishedContent } from './repo.ts';

export const LOCKED_PROFILE_CONTENTS_MESSAGE = 'Unlock this profile to see what it includes.';

/**
 * What a subscription to a creator includes, for a viewer who may see the profile: hidden users
 * (blocks, suspension) answer 404 like the profile; a locked profile hides its counts as it hides
 * its posts (403) until the viewer gives its password.
 */
export async function subscriptionContentsFor(
  deps: { db: Database; profiles: ProfilesService },
  viewerId: number,
  idOrUsername: UserKey,
): Promise<SubscriptionContents> {
  const user = await deps.profiles.visibleUser(viewerId, idOrUsername);
  if (!(await canViewProfile(deps.db, viewerId, user))) {
    throw new ForbiddenError(LOCKED_PROFILE_CONTENTS_MESSAGE);
  }
  const counts = await countPublishedContent(deps.db, user.id);
  // The same gate as needsSubscription: only a creator with a monthly price closes posts.
  const paid = user.isCreator && user.subscriptionPriceCents > 0;
  const subscriberOnly = paid ? counts.notForSale : 0;
  return {
    price_cents: user.isCreator ? user.subscriptionPriceCents : 0,
    posts: counts.posts,
    photos: counts.photos,
    videos: counts.videos,
    subscriber_only_posts: subscriberOnly,
    posts_last_30_days: counts.recent,
    covers: {
      included_posts: user.isCreator ? subscriberOnly + counts.freeToSubscribers : 0,
      messages: false,
      calls: false,
    },
  };
}
