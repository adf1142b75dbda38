import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import type { Post } from '../../posts/api';
import { patchPostEverywhere, setLiked, snapshotPost, type EngagementPatch } from '../api';

export interface LikeButtonProps {
  post: Pick<Post, 'id' | 'like_count' | 'liked_by_me'>;
}

/**
 * Like / unlike, shown at once (every list holding the post is updated before the server
 * answers) and put back as it was if the server refuses. The server's count then replaces the
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
      const before = snapshotPost(queryClient, post.id);
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

  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={liked}
      aria-label={t('likes.buttonLabel', { count })}
      onClick={handleClick}
      className={cn(liked ? 'text-rose-600' : 'text-slate-600')}
    >
      <Heart className={cn('size-4', liked && 'fill-current')} aria-hidden />
      {t('posts.like')}
      <span className="tabular-nums">{count}</span>
    </Button>
  );
}
