import Trash2 from 'lucide-react/icons/trash-2';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate } from '../../../lib/format';
import type { MediaItem } from '../api';
import { columnsForWidth, formatFileSize } from '../files';
import { MediaThumb } from './MediaThumb';
import { UsageBadge } from './UsageBadge';
import { useListGeometry, useWindowList } from '../../../lib/use-window-list';

export interface MediaCollectionProps {
  items: MediaItem[];
  onOpen: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

const GAP_PX = 16;

/** The grid view: 1, 2 or 3 columns by the width it has; rows are virtualised. */
export function MediaGrid({ items, onOpen, onDelete }: MediaCollectionProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { top, width } = useListGeometry(container);
  const columns = columnsForWidth(width);
  const rowCount = Math.ceil(items.length / columns);
  const cellWidth = width > 0 ? (width - GAP_PX * (columns - 1)) / columns : 240;
  const virtualizer = useWindowList({
    count: rowCount,
    // A square preview plus the details under it.
    estimateSize: Math.round(cellWidth + 110 + GAP_PX),
    top,
  });
  const rows = virtualizer.getVirtualItems();

  return (
    <div ref={container}>
      <ul
        aria-label={t('library.gridLabel')}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const rowItems = items.slice(row.index * columns, row.index * columns + columns);
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0 grid"
              style={{
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP_PX,
                paddingBottom: GAP_PX,
              }}
            >
              {rowItems.map((item) => (
                <MediaCard
                  key={item.id}
                  item={item}
                  onOpen={() => onOpen(item)}
                  onDelete={() => onDelete(item)}
                />
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface MediaCardProps {
  item: MediaItem;
  onOpen: () => void;
  onDelete: () => void;
}

function MediaCard({ item, onOpen, onDelete }: MediaCardProps) {
  const { t } = useTranslation();
  return (
    <article
      aria-label={item.file_name}
      className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('library.view', { name: item.file_name })}
        className="block w-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-600"
      >
        <MediaThumb item={item} className="aspect-square w-full" iconClassName="size-10" />
      </button>
      <div className="flex items-start gap-2 p-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate text-sm font-medium text-slate-900" title={item.file_name}>
            {item.file_name}
          </p>
          <p className="text-xs text-slate-500">
            {formatFileSize(item.size)} · {formatShortDate(item.created_at)}
          </p>
          <UsageBadge item={item} />
        </div>
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('library.delete.action', { name: item.file_name })}
          title={t('library.delete.label')}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Trash2 className="size-4" />
        </button>
      </div>
    </article>
  );
}
