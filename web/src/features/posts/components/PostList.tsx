import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyText } from '../../../lib/api-errors';
import { useCurrentUserId } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PasswordDialog } from '../../../ui/PasswordDialog';
import {
  SubscribeDialog,
  type SubscribeTarget,
} from '../../subscriptions/components/SubscribeDialog';
import { priceToCents } from '../../subscriptions/pricing';
import { TipDialog, type TipTarget } from '../../tips/components/TipDialog';
import type { Post } from '../api';
import { authorName, canTipAuthor, isSomeoneElses } from '../content';
import { useDeletePost, useUnlockPost } from '../hooks';
import { PostCard, type PostCardVariant } from './PostCard';

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

  const handleSubscribe = (post: Post) => {
    const priceCents = priceToCents(post.subscription_price);
    if (typeof post.user_id !== 'number' || priceCents === undefined) return;
    setSubscribing({
      creatorId: post.user_id,
      username: authorName(post) || t('posts.unknownAuthor'),
      priceCents,
    });
  };

  const handleTip = (post: Post) => {
    if (typeof post.user_id !== 'number') return;
    setTipping({
      creatorId: post.user_id,
      username: authorName(post) || t('posts.unknownAuthor'),
      postId: post.id,
    });
  };

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
      <ul aria-label={label} className="space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              variant={variant}
              onUnlock={setUnlocking}
              onDelete={variant === 'profile' ? setDeleting : undefined}
              onSubscribe={handleSubscribe}
              onTip={canTipAuthor(post, currentUserId, authorIsCreator) ? handleTip : undefined}
              reportable={isSomeoneElses(post, currentUserId)}
            />
          </li>
        ))}
      </ul>

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

      <SubscribeDialog
        target={subscribing}
        onOpenChange={(open) => {
          if (!open) setSubscribing(null);
        }}
      />

      <TipDialog
        target={tipping}
        onOpenChange={(open) => {
          if (!open) setTipping(null);
        }}
      />

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
    </>
  );
}
