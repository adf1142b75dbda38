import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current as the window resizes: for what the layout
 * hides at some widths and need not be loaded or rendered there at all. Where `matchMedia` is
 * missing (not a browser) it counts as matching, and CSS decides as before.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : true),
  );
}
