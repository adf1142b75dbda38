import { useState } from 'react';
import { resolveMediaUrl } from '../../../lib/media';
import { cn } from '../../../ui/cn';

export interface ProfileCoverProps {
  /** The 640 px cover: small, so it shows almost at once. */
  small?: string | null;
  /** The full cover, laid over the small one once it has loaded. */
  full?: string | null;
  alt: string;
}

/**
 * A profile's cover, the small size first and the full one over it when loaded, so a slow
 * connection sees the picture early instead of an empty band. Nothing (the gradient behind
 * shows) when neither loads.
 */
export function ProfileCover({ small, full, alt }: ProfileCoverProps) {
  const smallUrl = resolveMediaUrl(small);
  const fullUrl = resolveMediaUrl(full);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [loadedUrl, setLoadedUrl] = useState<string | undefined>();
  const fail = (url: string) => setFailed((old) => new Set(old).add(url));
  const showSmall = smallUrl && smallUrl !== fullUrl && !failed.has(smallUrl);
  const fullLoaded = fullUrl !== undefined && loadedUrl === fullUrl;
  return (
    <div className="relative size-full">
      {showSmall && !fullLoaded && (
        <img
          src={smallUrl}
          alt={alt}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
          onError={() => fail(smallUrl)}
        />
      )}
      {fullUrl && !failed.has(fullUrl) && (
        <img
          src={fullUrl}
          // The small one names the picture while it is the one shown.
          alt={showSmall && !fullLoaded ? '' : alt}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-300',
            showSmall && !fullLoaded ? 'opacity-0' : 'opacity-100',
          )}
          onLoad={() => setLoadedUrl(fullUrl)}
          onError={() => fail(fullUrl)}
        />
      )}
    </div>
  );
}
