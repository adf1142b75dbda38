import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError, errorBodyText } from '../../../lib/api-errors';
import { useCurrentUserId } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import { LazySubscribeDialog as SubscribeDialog } from '../../subscriptions';
import type { SubscribeTarget } from '../../subscriptions';
import { priceToCents } from '../../../payments/price';
import type { TipTarget } from '../../tips';
import { loadTipDialog } from '../../tips';
import { POSTS_PAGE_SIZE, type Post } from '../api';
import { authorName, canTipAuthor, isSomeoneElses } from '../content';
import { useDeletePost, useUnlockPost } from '../hooks';
import { PostCard, type PostCardVariant } from './PostCard';
import { RemotePostCard } from '../../federation';
import { PlainPostRows, type PostRowsProps } from './PostRows';

// The dialogs load when first opened: they are not needed for the feed's first screen.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../ui/ConfirmDialog')).ConfirmDialog,
}));
const PasswordDialog = lazy(async () => ({
  default: (await import('../../../ui/PasswordDialog')).PasswordDialog,
}));
const TipDialog = lazy(async () => ({
  default: await loadTipDialog(),
}));

// The window virtualizer's code loads once a stream grows past its first page (issue 20: it is
// not part of a first visit). Should it fail to load (a deploy removed it), every post stays in.
const VirtualPostRows = lazy(() =>
  import('./VirtualPostRows').then(
    (module) => ({ default: module.VirtualPostRows }),
    () => ({ default: PlainPostRows }),
  ),
);

/** The posts laid out plainly while they fit one page, virtualized from the second page on. */
function PostRows(props: PostRowsProps) {
  const beyondFirstPage = props.count > POSTS_PAGE_SIZE;
  const [virtual, setVirtual] = useState(beyondFirstPage);
  useEffect(() => {
    // In a transition, the plain rows stay on screen until the virtualizer's code is in.
    if (beyondFirstPage && !virtual) startTransition(() => setVirtual(true));
  }, [beyondFirstPage, virtual]);
  return (
    <Suspense fallback={<PlainPostRows {...props} />}>
      {virtual ? <VirtualPostRows {...props} /> : <PlainPostRows {...props} />}
    </Suspense>
  );
}

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
  // Row heights outlive the switch from plain to virtual rows (PostRows.tsx).
  const [heights] = useState(() => new Map<string, number>());

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
      <PostRows
        count={posts.length}
        label={label}
        heights={heights}
        // A remote account's post has its own ids (issue 36), apart from local posts'.
        rowKey={(index) => {
          const post = posts[index];
          if (post?.origin?.boost) return `boost-${post.origin.boost.id}`;
          return post?.origin ? `remote-${post.id}` : (post?.id ?? index);
        }}
        renderRow={(index) => {
          const post = posts[index];
          if (!post) return null;
          if (post.origin) return <RemotePostCard post={post} />;
          return (
            <PostCard
              post={post}
              priority={index === 0}
              variant={variant}
              onUnlock={setUnlocking}
              onDelete={variant === 'profile' ? setDeleting : undefined}
              onSubscribe={handleSubscribe}
              onTip={canTipAuthor(post, currentUserId, authorIsCreator) ? handleTip : undefined}
              reportable={isSomeoneElses(post, currentUserId)}
            />
          );
        }}
      />

      <MountWhenOpened open={unlocking !== null}>
        <PasswordDialog
          open={unlocking !== null}
          onOpenChange={(open) => {
            if (!open) closeUnlock();
          }}
          // Spec: a post's password is asked by the prompt 'Enter password to unlock this post:'
          // and any failure says 'Incorrect password or failed to unlock post.' A dialog asks
          // instead, in those words (the profile modal's 'Password Required' is not the post's).
          title={t('posts.unlockPrompt')}
          requiredText={t('posts.unlockFailed')}
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
