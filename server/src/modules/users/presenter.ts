import type { OwnProfile } from '@zura/contracts';
import type { MediaVariant } from '../media/index.ts';
import type { UserRow } from '../../db/schema/index.ts';

/** Prices are cents in the database and the spec's text choices on the wire. */
export function presentPrice(cents: number): string {
  return cents === 0 ? 'free' : (cents / 100).toFixed(2);
}

/** A signed URL of an upload's variant (the original unless named), or null without an upload. */
export type MediaUrlResolver = (uploadId: string | null, variant?: MediaVariant) => string | null;

/**
 * The small sizes shown first: a 96 px avatar and a 640 px cover (the media route falls back to
 * a larger size for an upload made before these existed).
 */
export function smallImageUrls(user: UserRow, mediaUrl: MediaUrlResolver) {
  return {
    profile_image_small: mediaUrl(user.profileImageId, 'avatar'),
    cover_image_small: mediaUrl(user.coverImageId, 'medium'),
  };
}

/** The owner's own view of their profile: every field of the spec's "User profile". */
export function presentOwnProfile(user: UserRow, mediaUrl: MediaUrlResolver): OwnProfile {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    bio: user.bio,
    followers: user.followersCount,
    profile_image: mediaUrl(user.profileImageId),
    cover_image: mediaUrl(user.coverImageId),
    ...smallImageUrls(user, mediaUrl),
    category: user.category,
    subcategories: user.subcategories,
    tags: user.tags,
    vibes: user.vibes,
    social_links: user.socialLinks,
    instagram_url: user.instagramUrl,
    x_url: user.xUrl,
    subscription_price: presentPrice(user.subscriptionPriceCents),
    custom_tag: user.customTag,
    custom_vibe: user.customVibe,
    show_subcategories: user.showSubcategories,
    show_tags: user.showTags,
    show_vibes: user.showVibes,
    is_profile_locked: user.isProfileLocked,
    visible_mark_default: user.visibleMarkDefault,
    is_creator: user.isCreator,
    is_admin: user.isAdmin,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

export type SuggestedProfile = {
  id: number;
  userId: number;
  username: string;
  profile_image: string | null;
  profile_image_small: string | null;
  followers?: number;
};

/**
 * A suggested profile. Its followers count is content: a locked profile the viewer has not
 * unlocked keeps it to itself, as on its profile page.
 */
export function presentSuggestedProfile(
  user: UserRow,
  mediaUrl: MediaUrlResolver,
  contentVisible: boolean,
): SuggestedProfile {
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    profile_image: mediaUrl(user.profileImageId),
    profile_image_small: mediaUrl(user.profileImageId, 'avatar'),
    ...(contentVisible ? { followers: user.followersCount } : {}),
  };
}
