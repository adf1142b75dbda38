import { useMutation } from '@tanstack/react-query';
import type { PresentedPost } from '@zura/contracts';
import Heart from 'lucide-react/icons/heart';
import MessageCircle from 'lucide-react/icons/message-circle';
import Repeat2 from 'lucide-react/icons/repeat-2';
import { useState } from 'react';
import { errorBodyText } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextArea } from '../../../ui/TextArea';
import { reactToRemotePost, replyToRemotePost, type RemoteReaction } from '../following-api';

/**
 * Like, boost and reply under a remote post: each goes to the author's server, signed by the
 * viewer's actor. The buttons show the server's answer; a failure says so.
 */
export function RemotePostActions({ post }: { post: PresentedPost }) {
  const { t } = useTranslation();
  const [state, setState] = useState({
    liked_by_me: post.liked_by_me,
    boosted_by_me: post.origin?.boosted_by_me ?? false,
  });
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const react = useMutation({
    mutationFn: ({ reaction, on }: { reaction: RemoteReaction; on: boolean }) =>
      reactToRemotePost(post.id, reaction, on),
    onSuccess: setState,
  });
  const reply = useMutation({
    mutationFn: (content: string) => replyToRemotePost(post.id, content),
    onSuccess: () => {
      setText('');
      setReplying(false);
      setSent(true);
    },
  });
  const failure = react.error ?? reply.error;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={state.liked_by_me}
          busy={react.isPending && react.variables.reaction === 'like'}
          onClick={() => react.mutate({ reaction: 'like', on: !state.liked_by_me })}
        >
          <Heart
            className="size-4"
            aria-hidden
            fill={state.liked_by_me ? 'currentColor' : 'none'}
          />
          {t('remotePosts.like')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={state.boosted_by_me}
          busy={react.isPending && react.variables.reaction === 'boost'}
          onClick={() => react.mutate({ reaction: 'boost', on: !state.boosted_by_me })}
        >
          <Repeat2 className="size-4" aria-hidden />
          {t('remotePosts.boost')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={replying}
          onClick={() => setReplying(!replying)}
        >
          <MessageCircle className="size-4" aria-hidden />
          {t('remotePosts.reply')}
        </Button>
      </div>
      {replying && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() !== '') reply.mutate(text.trim());
          }}
        >
          <TextArea
            label={t('remotePosts.replyLabel')}
            value={text}
            maxLength={5000}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" size="sm" busy={reply.isPending} disabled={text.trim() === ''}>
            {t('remotePosts.send')}
          </Button>
        </form>
      )}
      {sent && (
        <p role="status" className="text-sm text-slate-600">
          {t('remotePosts.replySent')}
        </p>
      )}
      {failure && <Alert>{errorBodyText(failure, 'detail') ?? t('remotePosts.failed')}</Alert>}
    </div>
  );
}
