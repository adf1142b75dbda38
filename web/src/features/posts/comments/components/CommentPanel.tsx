import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { useCurrentUserId } from '../../../../lib/use-session';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Spinner } from '../../../../ui/Spinner';
import { Switch } from '../../../../ui/Switch';
import { ApiError } from '../../../../lib/api-errors';
import type { Post } from '../../api';
import { SubscribeAction } from '../../components/SubscribeAction';
import { isLockedPlaceholder, isSubscriptionGated } from '../../content';
import { isClosedForSale } from '../../pay-per-view';
import { commentsQuery } from '../api';
import { commentCountOf, commentErrorText } from '../helpers';
import { useCommentActions } from '../hooks';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

export interface CommentPanelProps {
  post: Post;
  username: string;
  /** Opens the subscription for a gated post's creator (the way to its comments). */
  onSubscribe: () => void;
  /** Opens the password dialog of a locked post. */
  onUnlock: () => void;
}

/**
 * The comments under a post: the author's switch, the composer (or why it is off), the
 * newest comments first with "Load more", and the empty and error states. A viewer who may not
 * see the post's content may not read or write its comments either: they get the server's
 * reason and the way in (subscribe, unlock) instead of a box that could never send.
 */
export function CommentPanel({ post, username, onSubscribe, onUnlock }: CommentPanelProps) {
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
  // Known from the post before the list answers, so no box shows even for a moment.
  const closed = isSubscriptionGated(post) || isLockedPlaceholder(post) || isClosedForSale(post);
  const refusal =
    query.error instanceof ApiError && query.error.status === 403
      ? commentErrorText(query.error, t('comments.loadFailed'))
      : undefined;

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
      {refusal !== undefined ? (
        <CommentsRefused
          reason={refusal}
          action={
            isSubscriptionGated(post) ? (
              <SubscribeAction post={post} onSubscribe={onSubscribe} />
            ) : isLockedPlaceholder(post) ? (
              <Button variant="secondary" size="sm" onClick={onUnlock}>
                {t('posts.unlock')}
              </Button>
            ) : null
          }
        />
      ) : closed ? null : enabled ? (
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
      {refusal !== undefined ? null : query.isPending ? (
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

/** Why the viewer may not see or write comments here, and what opens them. */
function CommentsRefused({ reason, action }: { reason: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">{reason}</p>
      {action}
    </div>
  );
}
