import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUserId } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import type { Post } from '../../posts/api';
import { commentsQuery } from '../api';
import { commentCountOf, commentErrorText } from '../helpers';
import { useCommentActions } from '../hooks';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

export interface CommentPanelProps {
  post: Post;
  username: string;
}

/**
 * The comments under a post: the author's switch, the composer (or why it is off), the
 * newest comments first with "Load more", and the empty and error states.
 */
export function CommentPanel({ post, username }: CommentPanelProps) {
  const { t } = useTranslation();
  const currentUserId = useCurrentUserId();
  const actions = useCommentActions(post.id);
  const query = useInfiniteQuery(commentsQuery(post.id));
  const [toggleError, setToggleError] = useState<string | null>(null);
  const first = query.data?.pages[0];
  const enabled = first?.comments_enabled ?? post.comments_enabled !== false;
  const count = first?.comment_count ?? commentCountOf(post);
  const isAuthor = post.can_delete === true;
  const comments = query.data?.pages.flatMap((page) => page.results) ?? [];

  async function toggle(on: boolean) {
    setToggleError(null);
    try {
      await actions.setEnabled(on);
    } catch (error) {
      setToggleError(commentErrorText(error, t('comments.toggleFailed')));
    }
  }

  return (
    <section
      aria-label={t('comments.panelLabel', { username })}
      className="mt-2 space-y-4 border-t border-slate-100 pt-3"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{t('comments.count', { count })}</h3>
      </div>
      {isAuthor && (
        <Switch
          checked={enabled}
          onCheckedChange={(on) => void toggle(on)}
          label={t('comments.allowComments')}
          description={t('comments.allowCommentsHint')}
        />
      )}
      {toggleError && <Alert tone="error">{toggleError}</Alert>}
      {enabled ? (
        <CommentComposer
          placeholder={t('comments.placeholder')}
          submitLabel={t('comments.send')}
          errorText={(error) => commentErrorText(error, t('comments.sendFailed'))}
          onSubmit={async (content) => {
            await actions.create(content);
          }}
        />
      ) : (
        <Alert tone="info">{t('comments.turnedOff')}</Alert>
      )}
      {query.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-5" label={t('comments.loadingMore')} />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          <span>{commentErrorText(query.error, t('comments.loadFailed'))}</span>{' '}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => void query.refetch()}
          >
            {t('comments.retry')}
          </button>
        </Alert>
      ) : comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('comments.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              actions={actions}
              open={enabled}
              currentUserId={currentUserId}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('comments.loadingMore') : t('comments.loadMore')}
        </Button>
      )}
    </section>
  );
}
