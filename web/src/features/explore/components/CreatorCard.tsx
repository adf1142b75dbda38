import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { resolveMediaUrl } from '../../../lib/media';
import { Avatar } from '../../../ui/Avatar';
import { FollowButton } from '../../follows';
import { categoryLabel } from '../../../lib/taxonomy-labels';
import { categoryOf, subcategoryLabel } from '../../profile';
import { bioExcerpt, type ExploreCreator } from '../api';

/** A result of Explore: cover, avatar, name, bio excerpt, category, followers and Follow. */
export function CreatorCard({ creator }: { creator: ExploreCreator }) {
  const { t } = useTranslation();
  const cover = resolveMediaUrl(creator.cover_image);
  const [coverFailed, setCoverFailed] = useState(false);
  const profilePath = `/profile/${encodeURIComponent(creator.username)}`;
  const category =
    (categoryOf(creator.category) ? categoryLabel(creator.category ?? '') : undefined) ??
    (creator.subcategories?.[0] ? subcategoryLabel(creator.subcategories[0]) : undefined);
  const bio = bioExcerpt(creator.bio);
  const locked = creator.is_profile_locked && !creator.is_unlocked && !creator.is_owner;

  return (
    <article
      aria-label={creator.username}
      className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 transition-shadow focus-within:ring-violet-400 hover:shadow-md"
    >
      <div className="h-24 w-full bg-gradient-to-br from-violet-500 via-fuchsia-500 to-pink-400">
        {cover && !coverFailed && (
          <img
            src={cover}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={() => setCoverFailed(true)}
          />
        )}
      </div>
      <div className="flex flex-1 flex-col px-4 pb-4">
        <div className="flex items-end justify-between gap-3">
          <Avatar
            src={creator.profile_image}
            name={creator.username}
            decorative
            className="-mt-8 size-16 text-xl ring-4 ring-white"
          />
          {!creator.is_owner && (
            <FollowButton
              userId={creator.id}
              username={creator.username}
              following={creator.is_following}
              className="relative z-10 pt-2"
            />
          )}
        </div>
        <h2 className="mt-2 flex items-center gap-1.5 text-base font-semibold text-slate-900">
          {/* The whole card opens the profile; the link's box is stretched over it. */}
          <Link
            to={profilePath}
            className="truncate after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {creator.username}
          </Link>
          {locked && (
            <Lock className="size-4 shrink-0 text-slate-500" aria-label={t('explore.locked')} />
          )}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          {creator.followers !== undefined &&
            t('explore.followers', {
              count: creator.followers,
              formatted: formatCount(creator.followers),
            })}
          {creator.followers !== undefined && category && ' · '}
          {category}
        </p>
        {bio && <p className="mt-2 line-clamp-3 text-sm text-slate-700">{bio}</p>}
      </div>
    </article>
  );
}
