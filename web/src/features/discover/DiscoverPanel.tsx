import { useQuery } from '@tanstack/react-query';
import Hash from 'lucide-react/icons/hash';
import UserCheck from 'lucide-react/icons/user-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { FollowButton } from '../follows';
import { useFollowedTopics } from '../follows';
import { SUGGESTED_TOPICS, suggestedProfilesQuery, type SuggestedProfile } from './api';

/**
 * Right-hand panel of / and /home: suggested profiles (Follow follows them) and topics
 * (followed in this browser; the name opens Explore with the topic's category).
 */
export function DiscoverPanel() {
  const { t } = useTranslation();
  const followedTopics = useFollowedTopics();
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="discover-profiles"
        className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <h2 id="discover-profiles" className="mb-3 text-base font-semibold text-slate-900">
          {t('discover.suggestedProfiles')}
        </h2>
        <SuggestedProfiles />
      </section>
      <section
        aria-labelledby="discover-topics"
        className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <h2 id="discover-topics" className="mb-3 text-base font-semibold text-slate-900">
          {t('discover.suggestedTopics')}
        </h2>
        <ul className="space-y-3">
          {SUGGESTED_TOPICS.map((topic) => {
            const name = t(`discover.topics.${topic.id}`);
            return (
              <li key={topic.id} className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-50 text-violet-600">
                  <Hash className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/explore?category=${topic.id}`}
                    className="block truncate text-sm font-medium text-slate-900 hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-violet-600"
                  >
                    {name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {t('discover.followers', {
                      count: topic.followers,
                      formatted: formatCount(topic.followers),
                    })}
                  </p>
                </div>
                <TopicFollowButton
                  name={name}
                  following={followedTopics.topics.includes(topic.id)}
                  onChange={(follow) => followedTopics.setFollowing(topic.id, follow)}
                />
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function SuggestedProfiles() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(suggestedProfilesQuery());

  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t('discover.loading')}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {t('discover.failed')}
      </p>
    );
  }
  if (data.length === 0) {
    return <p className="text-sm text-slate-500">{t('discover.empty')}</p>;
  }
  return (
    <ul className="space-y-3">
      {data.map((profile) => (
        <SuggestedProfileRow key={profile.id} profile={profile} />
      ))}
    </ul>
  );
}

interface SuggestedProfileRowProps {
  profile: SuggestedProfile;
}

function SuggestedProfileRow({ profile }: SuggestedProfileRowProps) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3">
      <Link
        to={`/profile/${profile.userId}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 -m-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <Avatar
          src={profile.profile_image_small ?? profile.profile_image}
          name={profile.username}
          decorative
        />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-slate-900">
            {profile.username}
          </span>
          {profile.followers !== undefined && (
            <span className="block text-xs text-slate-500">
              {t('discover.followers', {
                count: profile.followers,
                formatted: formatCount(profile.followers),
              })}
            </span>
          )}
        </span>
      </Link>
      <FollowButton
        userId={profile.userId}
        username={profile.username}
        following={profile.is_following ?? false}
      />
    </li>
  );
}

interface TopicFollowButtonProps {
  name: string;
  following: boolean;
  onChange: (follow: boolean) => void;
}

/** Follow / Following of a fixed topic. */
function TopicFollowButton({ name, following, onChange }: TopicFollowButtonProps) {
  const { t } = useTranslation();
  const Icon = following ? UserCheck : UserPlus;
  return (
    <Button
      variant={following ? 'outline' : 'secondary'}
      size="sm"
      aria-pressed={following}
      aria-label={t('discover.followName', { name })}
      onClick={() => onChange(!following)}
    >
      <Icon className="size-4" aria-hidden />
      {following ? t('follow.following') : t('discover.follow')}
    </Button>
  );
}
