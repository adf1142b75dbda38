import type { MediaUrlResolver } from '../users/index.ts';
import type { ApplicationRow } from './repo.ts';

export function presentApplication(row: ApplicationRow, mediaUrl: MediaUrlResolver) {
  return {
    id: row.id,
    status: row.status,
    username: row.username,
    bio: row.bio,
    category: row.category,
    profile_image: mediaUrl(row.profileImageId),
    cover_image: mediaUrl(row.coverImageId),
    social_links: row.socialLinks,
    subcategories: row.subcategories,
    tags: row.tags,
    vibes: row.vibes,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
