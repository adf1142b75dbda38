import { useMutation, useQueryClient } from '@tanstack/react-query';
import Heart from 'lucide-react/icons/heart';
import { useTranslation } from '../../../../lib/use-translation';
import { Button } from '../../../../ui/Button';
import { cn } from '../../../../ui/cn';
import type { Post } from '../../api';
import { findCachedPost, patchPostEverywhere, type EngagementPatch } from '../../post-cache';
import { setLiked } from '../api';

export interface LikeButtonProps {
  post: Pick<Post, 'id' | 'like_count' | 'liked_by_me'>;
}

/**
 * Like / unlike, shown at once (every list and the post page holding the post are updated before
 * the server answers) and put back as it was if the server refuses. The server's count then replaces the
 * guess, and live `post_counts` frames keep it current.
 */
export function LikeButton({ post }: LikeButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const liked = post.liked_by_me === true;
  const count = post.like_count ?? 0;

  const toggle = useMutation({
    mutationFn: (next: boolean) => setLiked(post.id, next),
    onMutate: (next: boolean): EngagementPatch | undefined => {
      const cached = findCachedPost(queryClient, post.id);
      const before = cached && {
        like_count: cached.like_count,
        liked_by_me: cached.liked_by_me,
      };
      patchPostEverywhere(queryClient, post.id, {
        liked_by_me: next,
        like_count: Math.max(0, count + (next ? 1 : -1)),
      });
      return before;
    },
    onError: (_error, _next, before) => {
      if (before) patchPostEverywhere(queryClient, post.id, before);
    },
    onSuccess: (state) => {
      patchPostEverywhere(queryClient, post.id, {
        liked_by_me: state.liked,
        like_count: state.like_count,
      });
    },
  });

  const handleClick = () => toggle.mutate(!liked);

  // The button is named "Like" alone (pressed or not); the count beside it is read as "3 likes".
  return (
    <span className="inline-flex items-center">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={liked}
        onClick={handleClick}
        className={cn(liked ? 'text-rose-600' : 'text-slate-600')}
      >
        <Heart className={cn('size-4', liked && 'fill-current')} aria-hidden />
        {t('posts.like')}
      </Button>
      <span className="pe-2 text-sm text-slate-600 tabular-nums">
        <span aria-hidden>{count}</span>
        <span className="sr-only">{t('likes.count', { count })}</span>
      </span>
    </span>
  );
}
