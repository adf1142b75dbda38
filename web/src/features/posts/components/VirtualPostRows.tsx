import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useListGeometry } from '../../../lib/use-window-list';
import { PostRow, type PostRowsProps } from './PostRows';

/** A first guess at a post's height before it is measured (px): a text post with an image. */
const ESTIMATED_POST_HEIGHT = 480;

/**
 * Only the posts near the viewport are in the page (the window scrolls; heights are measured,
 * so posts of any size fit); spacers above and below keep the scroll height. Tabbing onto the
 * last rendered post scrolls it into view, which renders the next ones: keyboard users go on.
 * Loaded when a stream grows past its first page (PostList).
 */
export function VirtualPostRows({ count, label, rowKey, renderRow, heights }: PostRowsProps) {
  const list = useRef<HTMLUListElement>(null);
  const { top } = useListGeometry(list);
  const virtualizer = useWindowVirtualizer({
    count,
    // The heights the plain rows measured, so the page does not move when this takes over.
    estimateSize: (index) => heights.get(String(rowKey(index))) ?? ESTIMATED_POST_HEIGHT,
    getItemKey: rowKey,
    overscan: 6,
    scrollMargin: top,
    // The window's size from the start: a tab in the background gets no resize callback
    // until it is shown, and must still render the posts of its first screen.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const first = rows[0]?.start ?? margin;
  const last = rows.at(-1)?.end ?? margin;
  const paddingTop = rows.length > 0 ? first - margin : 0;
  const paddingBottom = rows.length > 0 ? virtualizer.getTotalSize() - (last - margin) : 0;
  return (
    <ul ref={list} aria-label={label} style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => (
        <PostRow
          key={row.key}
          index={row.index}
          rowKey={rowKey(row.index)}
          count={count}
          measure={virtualizer.measureElement}
        >
          {renderRow(row.index)}
        </PostRow>
      ))}
    </ul>
  );
}
