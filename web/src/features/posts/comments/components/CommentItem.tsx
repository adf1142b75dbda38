import { useInfiniteQuery } from '@tanstack/react-query';
import type { Comment } from '@zura/contracts';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { Link } from 'react-router';
import { Avatar } from '../../../../ui/Avatar';
import { Button } from '../../../../ui/Button';
import { Alert } from '../../../../ui/Alert';
import { MountWhenOpened } from '../../../../ui/MountWhenOpened';
import { PostTime } from '../../components/PostAge';
import { ReportMenu } from '../../../reports';
import { repliesQuery } from '../api';
import { commentErrorText } from '../helpers';
import type { CommentActions } from '../hooks';
import { CommentComposer } from './CommentComposer';
import { CommentText } from './CommentText';

// Loads when a deletion is first asked for: a static import kept the Radix dialog (about 13 KiB
// brotli) on the feed's first visit, through PostCard's comment panel (issue 20).
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../../ui/ConfirmDialog')).ConfirmDialog,
}));

export interface CommentItemProps {
  comment: Comment;
  actions: CommentActions;
  /** New comments and replies are allowed on the post. */
  open: boolean;
  currentUserId: number | null;
}

/** One comment: its author, age, text (mentions linked), and what the viewer may do with it. */
export function CommentItem({ comment, actions, open, currentUserId }: CommentItemProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [showReplies, setShowReplies] = useState(false);
  const { author } = comment;
  const isTopLevel = comment.parent_id === null;

  async function confirmDelete() {
    setDeleting(true);
    setDeleteError(null);
    try {
      await actions.remove(comment.id);
      setConfirming(false);
    } catch (error) {
      setDeleteError(commentErrorText(error, t('comments.deleteFailed')));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <li className="flex gap-3" data-testid="comment">
      <Avatar
        src={author.profile_image_small ?? author.profile_image}
        name={author.username}
        className="size-8"
        decorative
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2">
          {comment.remote_author ? (
            // A reply from the fediverse: its `@name@host`, linked to the actor's own page.
            <a
              href={comment.remote_author.profile_url}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="text-sm font-semibold text-slate-900 hover:underline"
              title={comment.remote_author.display_name ?? undefined}
            >
              {comment.remote_author.handle}
            </a>
          ) : (
            <Link
              to={`/profile/${encodeURIComponent(author.username)}`}
              className="text-sm font-semibold text-slate-900 hover:underline"
            >
              {author.username}
            </Link>
          )}
          <PostTime createdAt={comment.created_at} format="age" />
          {comment.edited_at && (
            <span className="text-xs text-slate-500">({t('comments.edited')})</span>
          )}
          {currentUserId !== null && author.id !== currentUserId && (
            <ReportMenu
              subject={{ type: 'comment', id: comment.id }}
              username={author.username}
              label={t('comments.reportMenu', { username: author.username })}
              className="ms-auto size-7"
            />
          )}
        </div>
        {mode === 'edit' ? (
          <div className="mt-1">
            <CommentComposer
              initial={comment.content}
              placeholder={t('comments.placeholder')}
              submitLabel={t('comments.save')}
              autoFocus
              onCancel={() => setMode('read')}
              errorText={(error) => commentErrorText(error, t('comments.saveFailed'))}
              onSubmit={async (content) => {
                await actions.edit(comment.id, content);
                setMode('read');
              }}
            />
          </div>
        ) : (
          <CommentText content={comment.content} />
        )}
        <div
          role="group"
          aria-label={t('comments.actionsLabel', { username: author.username })}
          className="mt-0.5 flex flex-wrap gap-1"
        >
          {open && (
            <Button variant="ghost" size="sm" onClick={() => setMode('reply')}>
              {t('comments.reply')}
            </Button>
          )}
          {comment.can_edit && mode !== 'edit' && (
            <Button variant="ghost" size="sm" onClick={() => setMode('edit')}>
              {t('comments.edit')}
            </Button>
          )}
          {comment.can_delete && (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {t('comments.delete')}
            </Button>
          )}
          {isTopLevel && comment.reply_count > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setShowReplies((shown) => !shown)}>
              {showReplies
                ? t('comments.hideReplies')
                : t('comments.showReplies', { count: comment.reply_count })}
            </Button>
          )}
        </div>
        {mode === 'reply' && (
          <div className="mt-1">
            <CommentComposer
              placeholder={t('comments.replyPlaceholder', { username: author.username })}
              submitLabel={t('comments.sendReply')}
              autoFocus
              onCancel={() => setMode('read')}
              errorText={(error) => commentErrorText(error, t('comments.sendFailed'))}
              onSubmit={async (content) => {
                await actions.create(content, comment.id);
                setMode('read');
                setShowReplies(true);
              }}
            />
          </div>
        )}
        {isTopLevel && showReplies && (
          <Replies
            commentId={comment.id}
            actions={actions}
            open={open}
            currentUserId={currentUserId}
          />
        )}
      </div>
      <MountWhenOpened open={confirming}>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('comments.deleteTitle')}
          message={
            isTopLevel && comment.reply_count > 0
              ? t('comments.deleteWithReplies')
              : t('comments.deleteMessage')
          }
          confirmLabel={t('comments.delete')}
          busy={deleting}
          error={deleteError && <Alert tone="error">{deleteError}</Alert>}
          onConfirm={() => void confirmDelete()}
        />
      </MountWhenOpened>
    </li>
  );
}

/** A top-level comment's replies, newest first, page by page. */
function Replies({
  commentId,
  actions,
  open,
  currentUserId,
}: {
  commentId: number;
  actions: CommentActions;
  open: boolean;
  currentUserId: number | null;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(repliesQuery(commentId));
  if (query.isError) {
    return (
      <Alert tone="error" className="mt-2">
        {t('comments.loadFailed')}
      </Alert>
    );
  }
  const replies = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <div className="mt-2">
      <ul className="space-y-3">
        {replies.map((reply) => (
          <CommentItem
            key={reply.id}
            comment={reply}
            actions={actions}
            open={open}
            currentUserId={currentUserId}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('comments.loadingMore') : t('comments.moreReplies')}
        </Button>
      )}
    </div>
  );
}
