import { ownProfile, presentedPost, type OwnProfile, type PresentedPost } from '@zura/contracts';

/**
 * Canned API bodies. Each is parsed with the contract schema the server answers with, so a
 * fixture that drifts from the real shape fails loudly instead of passing silently.
 */

export function ownProfileBody(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return ownProfile.parse({
    id: 7,
    email: 'ann@example.com',
    username: 'ann',
    bio: 'Painter.',
    followers: 12,
    profile_image: null,
    cover_image: null,
    category: null,
    subcategories: [],
    tags: [],
    vibes: [],
    social_links: {},
    instagram_url: '',
    x_url: '',
    subscription_price: 'free',
    custom_tag: '',
    custom_vibe: '',
    show_subcategories: true,
    show_tags: true,
    show_vibes: true,
    is_profile_locked: false,
    visible_mark_default: false,
    is_creator: false,
    is_admin: false,
    email_verified: true,
    created_at: '2026-01-05T10:00:00Z',
    ...overrides,
  });
}

/** A post as the server presents it to its author (`presentedPost`, the strictest shape). */
export function postBody(overrides: Partial<PresentedPost> = {}): PresentedPost {
  return presentedPost.parse({
    id: 101,
    created_at: new Date().toISOString(),
    user_id: 7,
    username: 'ann',
    user_username: 'ann',
    user_avatar: null,
    is_locked: false,
    is_unlocked: false,
    can_delete: true,
    is_draft: false,
    author_is_creator: false,
    comments_enabled: true,
    like_count: 0,
    comment_count: 0,
    liked_by_me: false,
    requires_subscription: false,
    subscription_price: null,
    price: null,
    subscriber_price: null,
    price_for_viewer: null,
    is_purchased: false,
    preview: null,
    content: 'Hello there',
    type: 'text',
    ...overrides,
  });
}

/** `GET /wallet/` of a fan with `balanceCents` to spend. */
export function walletBody(balanceCents = 2500) {
  return {
    balance_cents: balanceCents,
    earnings_cents: 0,
    withdrawable_cents: 0,
    currency: 'usd',
    platform_fee_percent: 10,
    provider: 'test',
    test_mode: true,
  };
}
