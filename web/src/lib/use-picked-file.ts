import { useCallback, useEffect, useState } from 'react';

/** A file the user chose, with an object URL for its preview. */
export interface PickedFile {
  file: File;
  url: string;
}

/**
 * Holds one chosen file and its preview URL; the URL is revoked when the file is replaced or
 * cleared and when the component goes away.
 */
export function usePickedFile() {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);
  const pick = useCallback((file: File | null) => {
    setPicked(file ? { file, url: URL.createObjectURL(file) } : null);
  }, []);
  return [picked, pick] as const;
}
