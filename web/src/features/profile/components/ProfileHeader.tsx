import { useMutation } from '@tanstack/react-query';
import MessageCircle from 'lucide-react/icons/message-circle';
import UserPen from 'lucide-react/icons/user-pen';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '../../../lib/format';
import { categoryLabel, tagLabel, vibeLabel } from '../../../lib/taxonomy-labels';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClasses } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { BlockMenu } from '../../blocks';
import { FollowButton } from '../../follows';
import { startConversation } from '../../messaging';
import { SubscribeButton } from '../../subscriptions';
import { TipButton } from '../../tips';
import type { ViewedProfile } from '../api';
import { categoryOf, socialLinksOf, subcategoryLabel } from '../helpers';
import { CATEGORY_ICONS, SOCIAL_ICONS } from './icons';
import { ProfileCover } from './ProfileCover';

export interface ProfileHeaderProps {
  profile: ViewedProfile;
  /** False for a locked profile not yet unlocked: only cover, avatar and name are known. */
  contentVisible: boolean;
}

export function ProfileHeader({ profile, contentVisible }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const followers = profile.followers;

  return (
    <section className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      <div className="aspect-[3/1] w-full bg-gradient-to-br from-violet-500 via-fuchsia-500 to-pink-400">
        <ProfileCover
          small={profile.cover_image_small}
          full={profile.cover_image}
          alt={t('profile.coverAlt', { username: profile.username })}
        />
      </div>
      <div className="px-5 pb-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          {/* Positioned, so it paints over the cover it overlaps (the cover's pictures are
              positioned, and would otherwise be painted over an unpositioned photo). */}
          <Avatar
            src={profile.profile_image}
            name={profile.username}
            className="relative -mt-12 size-24 text-3xl ring-4 ring-white sm:-mt-14 sm:size-28"
          />
          <div className="flex flex-wrap items-start justify-end gap-2 pt-3">
            {profile.is_owner ? (
              <Link to="/profile/edit" className={buttonClasses({ variant: 'outline' })}>
                <UserPen className="size-4" aria-hidden />
                {t('profile.editProfile')}
              </Link>
            ) : (
              <>
                <FollowButton
                  userId={profile.id}
                  username={profile.username}
                  following={profile.is_following === true}
                  size="md"
                />
                {contentVisible && (
                  <>
                    {profile.is_creator && (
                      <>
                        <SubscribeButton
                          creatorId={profile.id}
                          username={profile.username}
                          price={profile.subscription_price}
                          isSubscribed={profile.is_subscribed === true}
                        />
                        <TipButton creatorId={profile.id} username={profile.username} />
                      </>
                    )}
                    <MessageButton
                      recipientId={profile.id}
                      variant={profile.is_creator ? 'outline' : 'primary'}
                    />
                  </>
                )}
                <BlockMenu userId={profile.id} username={profile.username} />
              </>
            )}
          </div>
        </div>

        <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900">
          {profile.username}
        </h1>
        {contentVisible && followers !== undefined && (
          <p className="mt-1 text-sm text-slate-600">
            {t('profile.followers', { count: followers, formatted: formatCount(followers) })}
          </p>
        )}
        {contentVisible && profile.bio && (
          <p className="mt-3 break-words whitespace-pre-wrap text-slate-800">{profile.bio}</p>
        )}
        {contentVisible && <ProfileExtras profile={profile} />}
      </div>
    </section>
  );
}

interface MessageButtonProps {
  recipientId: number;
  /** Secondary next to a creator's Subscribe button. */
  variant: 'primary' | 'outline';
}

/** Starts (or reopens) the conversation, remembers it as active and opens Messages. */
function MessageButton({ recipientId, variant }: MessageButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => startConversation(recipientId),
    onSuccess: () => void navigate('/messages'),
  });
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant={variant} busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {!mutation.isPending && <MessageCircle className="size-4" aria-hidden />}
        {t('profile.message')}
      </Button>
      {mutation.isError && <Alert>{t('profile.messageFailed')}</Alert>}
    </div>
  );
}

interface ProfileExtrasProps {
  profile: ViewedProfile;
}

const chipClasses =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset';

/** Spec §2.8: category chip with icon, subcategories, tags, vibes and social links, if any. */
function ProfileExtras({ profile }: ProfileExtrasProps) {
  const { t } = useTranslation();
  const category = categoryOf(profile.category);
  const CategoryIcon = category ? CATEGORY_ICONS[category.icon] : undefined;
  const subcategories = profile.subcategories ?? [];
  const tags = profile.tags ?? [];
  const vibes = profile.vibes ?? [];
  const links = socialLinksOf(profile);

  return (
    <div className="mt-4 space-y-3">
      {category && CategoryIcon && (
        <p>
          <span className="sr-only">{t('profile.category')}: </span>
          <span className={cn(chipClasses, 'bg-violet-50 text-violet-700 ring-violet-200')}>
            <CategoryIcon className="size-3.5" aria-hidden />
            {categoryLabel(category.id)}
          </span>
        </p>
      )}
      <ChipList
        label={t('profile.subcategories')}
        items={subcategories.map(subcategoryLabel)}
        className="bg-fuchsia-50 text-fuchsia-700 ring-fuchsia-200"
      />
      <ChipList
        label={t('profile.tags')}
        items={tags.map((tag) => `#${tagLabel(tag)}`)}
        className="bg-slate-50 text-slate-700 ring-slate-200"
      />
      <ChipList
        label={t('profile.vibes')}
        items={vibes.map(vibeLabel)}
        className="bg-amber-50 text-amber-800 ring-amber-200"
      />
      {links.length > 0 && (
        <ul aria-label={t('profile.socialLinks')} className="flex flex-wrap gap-2 pt-1">
          {links.map(({ kind, url }) => {
            const Icon = SOCIAL_ICONS[kind];
            return (
              <li key={kind}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  aria-label={t(`profile.social.${kind}`)}
                  title={t(`profile.social.${kind}`)}
                  className="flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-violet-100 hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-violet-600"
                >
                  <Icon className="size-4.5" />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface ChipListProps {
  label: string;
  items: string[];
  className: string;
}

function ChipList({ label, items, className }: ChipListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className={cn(chipClasses, className)}>
          {item}
        </li>
      ))}
    </ul>
  );
}
