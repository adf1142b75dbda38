import { useCallback, useEffect, useRef, type ReactNode } from 'react';

/** What both ways of laying out a post list need: the posts by index and the list's label. */
export interface PostRowsProps {
  count: number;
  label?: string;
  /** A post's stable key (its id). */
  rowKey: (index: number) => number | string;
  renderRow: (index: number) => ReactNode;
  /**
   * Each row's measured height (px) by its key, kept by the list: the plain rows record it and
   * the virtual rows start from it, so the switch from one to the other does not move the page.
   */
  heights: Map<string, number>;
}

/** A row as both layouts render it; `measure` is the virtualizer's (the plain rows need none). */
export function PostRow({
  index,
  rowKey,
  count,
  measure,
  children,
}: {
  index: number;
  rowKey: number | string;
  count: number;
  measure: (element: HTMLLIElement | null) => void | (() => void);
  children: ReactNode;
}) {
  return (
    <li
      data-index={index}
      data-row-key={rowKey}
      ref={measure}
      aria-setsize={count}
      aria-posinset={index + 1}
      className="pb-4"
    >
      {children}
    </li>
  );
}

/**
 * Every post in the page, as the first page of a stream is shown: one page of posts costs
 * little to render, and the window virtualizer (VirtualPostRows) stays out of a first visit's
 * download (issue 20). Row heights are recorded as rows resize (images arriving): without them
 * the virtualizer would start from estimates and the page would jump at the switch.
 */
export function PlainPostRows({ count, label, rowKey, renderRow, heights }: PostRowsProps) {
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback(
    (row: HTMLLIElement | null) => {
      if (!row || typeof ResizeObserver === 'undefined') return;
      observer.current ??= new ResizeObserver((entries) => {
        for (const { target } of entries) {
          const key = (target as HTMLElement).dataset.rowKey;
          if (key) heights.set(key, target.getBoundingClientRect().height);
        }
      });
      const recorder = observer.current;
      recorder.observe(row);
      return () => recorder.unobserve(row);
    },
    [heights],
  );
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );
  return (
    <ul aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <PostRow
          key={rowKey(index)}
          index={index}
          rowKey={rowKey(index)}
          count={count}
          measure={measure}
        >
          {renderRow(index)}
        </PostRow>
      ))}
    </ul>
  );
}
