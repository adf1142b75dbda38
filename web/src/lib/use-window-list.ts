import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

interface Geometry {
  /** Distance from the top of the document to the list (px). */
  top: number;
  /** The list's width (px). */
  width: number;
}

/**
 * Where the list sits in the document and how wide it is, kept current as the page above it
 * grows or shrinks (e.g. files added to the upload area) and as the window resizes. Measured
 * before the browser paints, so a list that mounts mid-page never shows rows for the wrong place.
 */
export function useListGeometry(ref: RefObject<HTMLElement | null>): Geometry {
  const [geometry, setGeometry] = useState<Geometry>({ top: 0, width: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      const next = { top: Math.round(rect.top + window.scrollY), width: Math.round(rect.width) };
      setGeometry((current) =>
        current.top === next.top && current.width === next.width ? current : next,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return geometry;
}

export interface WindowListOptions {
  count: number;
  estimateSize: number;
  top: number;
}

/**
 * Rows rendered only near the viewport, scrolled with the window (the app shell scrolls the
 * page, not an inner box). Heights are measured, so rows may differ in size.
 */
export function useWindowList({ count, estimateSize, top }: WindowListOptions) {
  return useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 4,
    scrollMargin: top,
  });
}
