import { lazy, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyText } from '../../../lib/api-errors';
import { useCurrentUserId } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import type { SubscribeTarget } from '../../subscriptions/components/SubscribeDialog';
import { priceToCents } from '../../subscriptions/pricing';
import type { TipTarget } from '../../tips/components/TipDialog';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useListGeometry } from '../../library/components/use-window-list';
import type { Post } from '../api';
import { authorName, canTipAuthor, isSomeoneElses } from '../content';
import { useDeletePost, useUnlockPost } from '../hooks';
import { PostCard, type PostCardVariant } from './PostCard';

// The dialogs load when first opened: they are not needed for the feed's first screen.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../ui/ConfirmDialog')).ConfirmDialog,
}));
const PasswordDialog = lazy(async () => ({
  default: (await import('../../../ui/PasswordDialog')).PasswordDialog,
}));
const SubscribeDialog = lazy(async () => ({
  default: (await import('../../subscriptions/components/SubscribeDialog')).SubscribeDialog,
}));
const TipDialog = lazy(async () => ({
  default: (await import('../../tips/components/TipDialog')).TipDialog,
}));

/** A first guess at a post's height before it is measured (px): a text post with an image. */
const ESTIMATED_POST_HEIGHT = 480;

export interface PostListProps {
  posts: Post[];
  variant: PostCardVariant;
  /** After a successful unlock: reload the list (the feed, or the user's posts). */
  onUnlocked: () => void;
  label?: string;
  /** Whether every post's author is a creator (known on a profile page). */
  authorIsCreator?: boolean;
}

/**
 * Only the posts near the viewport are in the page (the window scrolls; heights are measured,
 * so posts of any size fit); spacers above and below keep the scroll height. Tabbing onto the
 * last rendered post scrolls it into view, which renders the next ones: keyboard users go on.
 */
function useVirtualPosts(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const { top } = useListGeometry(list);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_POST_HEIGHT,
    overscan: 6,
    scrollMargin: top,
    // The window's size from the start: a tab in the background gets no resize callback
    // until it is shown, and must still render the posts of its first screen.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const first = rows[0]?.start ?? margin;
  const last = rows.at(-1)?.end ?? margin;
  const spacing = {
    top: rows.length > 0 ? first - margin : 0,
    bottom: rows.length > 0 ? virtualizer.getTotalSize() - (last - margin) : 0,
  };
  return { list, virtualizer, rows, spacing };
}

/**
 * A list of posts with the unlock dialog, the subscription and tip dialogs and, on a profile,
 * the owner's delete confirmation.
 */
export function PostList({ posts, variant, onUnlocked, label, authorIsCreator }: PostListProps) {
  const { t } = useTranslation();
  const currentUserId = useCurrentUserId();
  const [unlocking, setUnlocking] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [subscribing, setSubscribing] = useState<SubscribeTarget | null>(null);
  const [tipping, setTipping] = useState<TipTarget | null>(null);
  const unlock = useUnlockPost();
  const remove = useDeletePost();
  const { list, virtualizer, rows, spacing } = useVirtualPosts(posts.length);

  const closeUnlock = () => {
    setUnlocking(null);
    unlock.reset();
  };
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  const handleUnlock = (password: string) => {
    if (!unlocking) return;
    unlock.mutate(
      { postId: unlocking.id, password },
      {
        onSuccess: () => {
          closeUnlock();
          onUnlocked();
        },
      },
    );
  };

  // Stable callbacks, so the memoized cards already shown skip a re-render.
  const handleSubscribe = useCallback(
    (post: Post) => {
      const priceCents = priceToCents(post.subscription_price);
      if (typeof post.user_id !== 'number' || priceCents === undefined) return;
      setSubscribing({
        creatorId: post.user_id,
        username: authorName(post) || t('posts.unknownAuthor'),
        priceCents,
      });
    },
    [t],
  );

  const handleTip = useCallback(
    (post: Post) => {
      if (typeof post.user_id !== 'number') return;
      setTipping({
        creatorId: post.user_id,
        username: authorName(post) || t('posts.unknownAuthor'),
        postId: post.id,
      });
    },
    [t],
  );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: closeDelete });
  };

  // Spec: one message for every failure; a rate limit also says when to try again.
  const rateLimitDetail =
    unlock.error instanceof ApiError && unlock.error.status === 429
      ? errorBodyText(unlock.error, 'detail')
      : undefined;

  return (
    <>
      <ul
        ref={list}
        aria-label={label}
        style={{ paddingTop: spacing.top, paddingBottom: spacing.bottom }}
      >
        {rows.map((row) => {
          const post = posts[row.index];
          if (!post) return null;
          return (
            <li
              key={post.id}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={posts.length}
              aria-posinset={row.index + 1}
              className="pb-4"
            >
              <PostCard
                post={post}
                priority={row.index === 0}
                variant={variant}
                onUnlock={setUnlocking}
                onDelete={variant === 'profile' ? setDeleting : undefined}
                onSubscribe={handleSubscribe}
                onTip={canTipAuthor(post, currentUserId, authorIsCreator) ? handleTip : undefined}
                reportable={isSomeoneElses(post, currentUserId)}
              />
            </li>
          );
        })}
      </ul>

      <MountWhenOpened open={unlocking !== null}>
        <PasswordDialog
          open={unlocking !== null}
          onOpenChange={(open) => {
            if (!open) closeUnlock();
          }}
          description={t('posts.unlockPrompt')}
          onSubmit={handleUnlock}
          busy={unlock.isPending}
          error={
            unlock.isError ? (
              <Alert>
                <p>{t('posts.unlockFailed')}</p>
                {rateLimitDetail && <p className="mt-1">{rateLimitDetail}</p>}
              </Alert>
            ) : undefined
          }
        />
      </MountWhenOpened>

      <MountWhenOpened open={subscribing !== null}>
        <SubscribeDialog
          target={subscribing}
          onOpenChange={(open) => {
            if (!open) setSubscribing(null);
          }}
        />
      </MountWhenOpened>

      <MountWhenOpened open={tipping !== null}>
        <TipDialog
          target={tipping}
          onOpenChange={(open) => {
            if (!open) setTipping(null);
          }}
        />
      </MountWhenOpened>

      <MountWhenOpened open={deleting !== null}>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => {
            if (!open) closeDelete();
          }}
          title={t('posts.deleteTitle')}
          message={t('posts.deleteConfirm')}
          onConfirm={handleDelete}
          busy={remove.isPending}
          error={remove.isError ? <Alert>{t('posts.deleteFailed')}</Alert> : undefined}
        />
      </MountWhenOpened>
    </>
  );
}
