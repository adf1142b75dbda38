import type { PresentedPost } from '@zura/contracts';
import Globe from 'lucide-react/icons/globe';
import Paperclip from 'lucide-react/icons/paperclip';
import Repeat2 from 'lucide-react/icons/repeat-2';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { RemotePostActions } from './RemotePostActions';

/**
 * A remote account's post in the home feed: its origin (the account on its own server) as a
 * badge, its text (plain text, never the remote's HTML), a content warning to open first, and
 * its files as links: nothing is loaded from the other server (federation README).
 */
export function RemotePostCard({ post }: { post: PresentedPost }) {
  const { t } = useTranslation();
  const origin = post.origin;
  const [opened, setOpened] = useState(false);
  if (!origin) return null;
  const hidden = origin.content_warning !== null && !opened;
  return (
    <article
      aria-label={t('remotePosts.postBy', { handle: origin.handle })}
      className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      {origin.boost && (
        <p className="inline-flex items-center gap-1 text-xs text-slate-600">
          <Repeat2 className="size-3.5" aria-hidden />
          {t('remotePosts.boostedBy', { handle: origin.boost.name ?? origin.boost.handle })}
        </p>
      )}
      <header className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={origin.profile_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="min-w-0 font-semibold text-slate-900 hover:underline"
        >
          {origin.name ?? origin.handle}
        </a>
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          <Globe className="size-3" aria-hidden />
          {t('remotePosts.fromServer', { handle: origin.handle })}
        </span>
      </header>
      {origin.content_warning !== null && (
        <div className="flex items-center gap-2">
          <p className="text-sm font-medium text-slate-800">{origin.content_warning}</p>
          <Button size="sm" variant="outline" onClick={() => setOpened(!opened)}>
            {opened ? t('remotePosts.hide') : t('remotePosts.show')}
          </Button>
        </div>
      )}
      {!hidden && (
        <>
          <p className="whitespace-pre-line break-words text-slate-800">{post.content}</p>
          {origin.attachments.length > 0 && (
            <ul className="space-y-1">
              {origin.attachments.map((file) => (
                <li key={file.url}>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
                  >
                    <Paperclip className="size-3.5" aria-hidden />
                    {file.alt ?? t('remotePosts.attachment')}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <a
        href={origin.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-sm font-medium text-indigo-700 hover:underline"
      >
        {t('remotePosts.openOriginal')}
      </a>
      <RemotePostActions post={post} />
    </article>
  );
}
