import { useState } from 'react';
import { resolveMediaUrl } from '../lib/media';
import { cn } from './cn';

export interface AvatarProps {
  /** Image path or URL; relative paths resolve against the media base. */
  src?: string | null;
  /** Used for the initial when there is no image, and as the image's alt text. */
  name: string;
  className?: string;
  /** The avatar sits next to the name already: hide it from screen readers. */
  decorative?: boolean;
}

export function Avatar({ src, name, className, decorative = false }: AvatarProps) {
  const url = resolveMediaUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  const base = cn('inline-flex size-10 shrink-0 overflow-hidden rounded-full', className);
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt={decorative ? '' : name}
        className={cn(base, 'object-cover')}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cn(
        base,
        'items-center justify-center bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold text-white uppercase',
      )}
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
