import Share2 from 'lucide-react/icons/share-2';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { postPageUrl } from '../../../lib/post-url';

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; url: string };

/** How long "Link copied" stays before the live region empties again. */
const NOTICE_MS = 4000;

/**
 * Share: the browser's share sheet where there is one (phones, some desktops), else the post
 * page's absolute link copied to the clipboard, said in a live region ("Link copied"). Without
 * a clipboard (a page served over plain http) the link is shown to copy by hand.
 */
export function ShareButton({ postId, title }: { postId: number; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ShareState>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = window.setTimeout(() => setState({ kind: 'idle' }), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const share = async () => {
    const url = postPageUrl(postId);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url, title });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'failed', url });
    }
  };

  return (
    <span className="relative inline-flex items-center">
      <Button
        variant="ghost"
        size="sm"
        className="text-slate-600"
        title={t('share.label')}
        onClick={() => void share()}
      >
        <Share2 className="size-4" aria-hidden />
        {t('posts.share')}
      </Button>
      <span role="status" aria-live="polite" className="text-xs text-slate-600">
        {state.kind === 'copied' && (
          <span className="ms-1 rounded-md bg-slate-900 px-2 py-1 text-white">
            {t('share.copied')}
          </span>
        )}
        {state.kind === 'failed' && (
          <span className="ms-1 break-all">{t('share.copyFailed', { url: state.url })}</span>
        )}
      </span>
    </span>
  );
}
