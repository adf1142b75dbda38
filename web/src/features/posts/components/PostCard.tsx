import Crown from 'lucide-react/icons/crown';
import HandCoins from 'lucide-react/icons/hand-coins';
import Lock from 'lucide-react/icons/lock';
import MessageCircle from 'lucide-react/icons/message-circle';
import Trash2 from 'lucide-react/icons/trash-2';
import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { LikeButton } from '../likes/components/LikeButton';
import { ReportMenu } from '../../reports';
import { commentCountOf } from '../comments/helpers';
import { Skeleton } from '../../../ui/Skeleton';
import type { Post } from '../api';
import {
  authorName,
  authorProfilePath,
  displayedContent,
  isLockedPlaceholder,
  isSubscriptionGated,
} from '../content';
import { PostMedia } from './PostMedia';
import { PostTime } from './PostAge';
import { ShareButton } from './ShareButton';
import { isClosedForSale } from '../pay-per-view';
import { SaleGate } from './SaleGate';
import { SubscribeAction } from './SubscribeAction';

// The comments (list, composer, their form fields) load when a post's comments are first
// opened: none show on the feed's first screen (issue 20, first-visit budget).
const CommentPanel = lazy(async () => ({
  default: (await import('../comments/components/CommentPanel')).CommentPanel,
}));

export type PostCardVariant = 'feed' | 'profile';

export interface PostCardProps {
  post: Post;
  /**
   * 'feed': the age label; 'profile': the short date and the owner's delete. Both have Like,
   * Comment and Share (and Tip when given).
   */
  variant: PostCardVariant;
  onUnlock: (post: Post) => void;
  onDelete?: (post: Post) => void;
  /** Opens the subscription confirmation for a gated post's creator. */
  onSubscribe: (post: Post) => void;
  /** Given when the viewer can tip the author: a small Tip action under the post. */
  onTip?: (post: Post) => void;
  /** Someone else's post: a "more actions" menu with Report. */
  reportable?: boolean;
  /** The first post of a list: its image loads first (it is likely the largest paint). */
  priority?: boolean;
}

/**
 * Memoized: when the next page of a list arrives, the posts already shown keep their props
 * (the same post objects, stable callbacks) and do not render again.
 */
export const PostCard = memo(function PostCard({
  post,
  variant,
  onUnlock,
  onDelete,
  onSubscribe,
  onTip,
  reportable = false,
  priority = false,
}: PostCardProps) {
  const { t } = useTranslation();
  const username = authorName(post) || t('posts.unknownAuthor');
  const gated = isSubscriptionGated(post);
  // A post for sale the viewer has not opened shows its blurred preview and price instead.
  const forSale = isClosedForSale(post);
  // The subscription gate comes first; a gated post's password lock shows after subscribing.
  const locked = !gated && isLockedPlaceholder(post);
  const content = displayedContent(post);
  const canDelete = variant === 'profile' && post.can_delete === true && onDelete;
  const [commentsOpen, setCommentsOpen] = useState(false);

  return (
    <article className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <header className="flex items-center gap-3">
        <Link
          to={authorProfilePath(post)}
          className="flex min-w-0 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Avatar src={post.user_avatar_small ?? post.user_avatar} name={username} decorative />
          <span className="truncate font-semibold text-slate-900 hover:underline">{username}</span>
        </Link>
        <span aria-hidden className="text-slate-300">
          ·
        </span>
        {/* The post's own page (its comments, its share link), reachable from every card. */}
        <Link
          to={`/posts/${post.id}`}
          className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <span className="sr-only">{t('a11y.openPost', { username })} </span>
          <PostTime createdAt={post.created_at} format={variant === 'feed' ? 'age' : 'date'} />
        </Link>
        {post.is_locked && !locked && !gated && (
          <Lock
            className="size-3.5 text-slate-400"
            role="img"
            aria-label={t('posts.lockedBadge')}
          />
        )}
        {canDelete && (
          <button
            type="button"
            onClick={() => onDelete(post)}
            aria-label={t('posts.delete')}
            title={t('posts.delete')}
            className="ms-auto rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <Trash2 className="size-4" />
          </button>
        )}
        {reportable && (
          <ReportMenu
            subject={{ type: 'post', id: post.id }}
            username={username}
            label={t('reports.postMenu', { username })}
            className="ms-auto"
          />
        )}
      </header>

      {forSale ? (
        <SaleGate
          post={post}
          username={username}
          onPasswordUnlock={post.is_locked ? () => onUnlock(post) : undefined}
        />
      ) : gated ? (
        <SubscriptionGate post={post} username={username} onSubscribe={() => onSubscribe(post)} />
      ) : locked ? (
        <LockedPostPlaceholder onUnlock={() => onUnlock(post)} />
      ) : (
        <>
          {content && (
            <p className="mt-3 text-[0.95rem] break-words whitespace-pre-wrap text-slate-800">
              {content}
            </p>
          )}
          <PostMedia post={post} username={username} priority={priority} />
        </>
      )}

      {/* The same actions wherever the post shows: the feed, a profile, its own page. */}
      <EngagementBar
        post={post}
        onTip={onTip && (() => onTip(post))}
        comments={{
          open: commentsOpen,
          count: commentCountOf(post),
          onToggle: () => setCommentsOpen((open) => !open),
        }}
        // A draft has no link to share: nobody else may open it.
        share={
          post.is_draft ? null : (
            <ShareButton postId={post.id} title={t('share.title', { username })} />
          )
        }
      />
      {commentsOpen && (
        <Suspense fallback={<Skeleton className="mt-3 h-16" />}>
          <CommentPanel
            post={post}
            username={username}
            onSubscribe={() => onSubscribe(post)}
            onUnlock={() => onUnlock(post)}
          />
        </Suspense>
      )}
    </article>
  );
});

interface SubscriptionGateProps {
  post: Post;
  username: string;
  onSubscribe: () => void;
}

/**
 * A paid creator's post for a viewer without a subscription: no content, the price and a
 * button that subscribes (or, without a readable price, the way to the creator's profile).
 */
function SubscriptionGate({ post, username, onSubscribe }: SubscriptionGateProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-col items-center gap-3 rounded-xl bg-gradient-to-br from-violet-50 to-fuchsia-50 px-4 py-8 text-center ring-1 ring-violet-100">
      <span className="flex size-12 items-center justify-center rounded-full bg-violet-100 text-violet-600">
        <Crown className="size-6" aria-hidden />
      </span>
      <p className="font-medium text-slate-800">{t('subscriptions.gate.text', { username })}</p>
      <SubscribeAction post={post} onSubscribe={onSubscribe} />
    </div>
  );
}

function TipAction({ onTip }: { onTip: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" className="text-slate-600" onClick={onTip}>
      <HandCoins className="size-4" aria-hidden />
      {t('tips.tip')}
    </Button>
  );
}

interface LockedPostPlaceholderProps {
  onUnlock: () => void;
}

/** Spec: 'This post is password protected' with 'Enter Password to Unlock'. */
function LockedPostPlaceholder({ onUnlock }: LockedPostPlaceholderProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-8 text-center ring-1 ring-slate-200">
      <span className="flex size-12 items-center justify-center rounded-full bg-violet-100 text-violet-600">
        <Lock className="size-6" aria-hidden />
      </span>
      <p className="font-medium text-slate-800">{t('posts.locked')}</p>
      <Button variant="secondary" size="sm" onClick={onUnlock}>
        {t('posts.unlock')}
      </Button>
    </div>
  );
}

/** The Comment button's state: the panel under the post is open, and how many there are. */
interface CommentToggle {
  open: boolean;
  count: number;
  onToggle: () => void;
}

/**
 * Spec: Like, Comment and Share. Like toggles (`LikeButton`), Comment opens the comments under
 * the post, Share shares its link (`ShareButton`). Posts of another creator also get Tip.
 */
function EngagementBar({
  post,
  onTip,
  comments,
  share,
}: {
  post: Post;
  onTip: (() => void) | undefined;
  comments: CommentToggle;
  share: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('posts.actionsLabel')}
      className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-2"
    >
      <LikeButton post={post} />
      <Button
        variant="ghost"
        size="sm"
        className="text-slate-600"
        onClick={comments.onToggle}
        aria-expanded={comments.open}
      >
        <MessageCircle className="size-4" aria-hidden />
        {t('posts.comment')}
        {comments.count > 0 && <span className="text-xs text-slate-500">{comments.count}</span>}
      </Button>
      {share}
      {onTip && (
        <span className="ms-auto">
          <TipAction onTip={onTip} />
        </span>
      )}
    </div>
  );
}

/** Loading placeholder shaped like a post. */
export function PostCardSkeleton() {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-14" />
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <Skeleton className="mt-4 h-40 w-full rounded-xl" />
    </div>
  );
}
