import type { PublicProfile } from '@zura/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import {
  presentOwnProfile,
  presentPrice,
  smallImageUrls,
  type MediaUrlResolver,
} from '../users/index.ts';
import { canViewProfileContent } from './policy.ts';

/**
 * A profile as `viewerId` sees it. The owner gets everything; others never see the email or
 * private settings, and a locked profile not yet unlocked shows only its header.
 */
export function presentProfile(
  user: UserRow,
  viewer: { id: number; unlocked: boolean },
  mediaUrl: MediaUrlResolver,
): PublicProfile & Record<string, unknown> {
  const header = {
    id: user.id,
    username: user.username,
    profile_image: mediaUrl(user.profileImageId),
    cover_image: mediaUrl(user.coverImageId),
    ...smallImageUrls(user, mediaUrl),
    is_profile_locked: user.isProfileLocked,
    is_unlocked: viewer.unlocked,
    is_owner: user.id === viewer.id,
  };
  if (user.id === viewer.id) return { ...presentOwnProfile(user, mediaUrl), ...header };
  if (!canViewProfileContent(user, viewer.id, viewer.unlocked)) return header;
  return {
    ...header,
    bio: user.bio,
    followers: user.followersCount,
    category: user.category,
    subcategories: user.showSubcategories ? user.subcategories : [],
    tags: user.showTags ? user.tags : [],
    vibes: user.showVibes ? user.vibes : [],
    social_links: user.socialLinks,
    instagram_url: user.instagramUrl,
    x_url: user.xUrl,
    subscription_price: presentPrice(user.subscriptionPriceCents),
    is_creator: user.isCreator,
    created_at: user.createdAt.toISOString(),
  };
}
