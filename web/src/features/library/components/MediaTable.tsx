import Eye from 'lucide-react/icons/eye';
import Trash2 from 'lucide-react/icons/trash-2';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate } from '../../../lib/format';
import { formatFileSize } from '../files';
import type { MediaCollectionProps } from './MediaGrid';
import { MediaThumb } from './MediaThumb';
import { UsageBadge } from './UsageBadge';
import { useListGeometry, useWindowList } from '../../../lib/use-window-list';

const COLUMNS = 7;
const ROW_HEIGHT = 73;

const cellClasses = 'px-3 py-3 align-middle';
const headClasses =
  'px-3 py-2.5 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * The list view: the spec's table (Preview, File Name, Type, Upload Date, Size, Usage Status,
 * Actions). Rows are virtualised; spacer rows keep the scroll height.
 */
export function MediaTable({ items, onOpen, onDelete }: MediaCollectionProps) {
  const { t } = useTranslation();
  const body = useRef<HTMLTableSectionElement>(null);
  const { top } = useListGeometry(body);
  const virtualizer = useWindowList({ count: items.length, estimateSize: ROW_HEIGHT, top });
  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const paddingTop = rows.length > 0 ? (rows[0]?.start ?? margin) - margin : 0;
  const paddingBottom =
    rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? margin) - margin) : 0;

  return (
    <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">{t('library.tableLabel')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={headClasses}>
              {t('library.columns.preview')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.fileName')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.type')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.uploadDate')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.size')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.usageStatus')}
            </th>
            <th scope="col" className={headClasses}>
              {t('library.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody ref={body} className="divide-y divide-slate-100">
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <tr key={item.id} data-index={row.index} ref={virtualizer.measureElement}>
                <td className={cellClasses}>
                  <button
                    type="button"
                    onClick={() => onOpen(item)}
                    aria-label={t('library.view', { name: item.file_name })}
                    className="block rounded-lg focus-visible:outline-2 focus-visible:outline-violet-600"
                  >
                    <MediaThumb item={item} className="size-12 rounded-lg" iconClassName="size-5" />
                  </button>
                </td>
                <td className={`${cellClasses} max-w-64`}>
                  <span
                    className="block truncate font-medium text-slate-900"
                    title={item.file_name}
                  >
                    {item.file_name}
                  </span>
                </td>
                <td className={`${cellClasses} text-slate-700`}>
                  {t(`library.types.${item.mediaType}`)}
                </td>
                <td className={`${cellClasses} whitespace-nowrap text-slate-700`}>
                  {formatShortDate(item.created_at)}
                </td>
                <td className={`${cellClasses} whitespace-nowrap text-slate-700 tabular-nums`}>
                  {formatFileSize(item.size)}
                </td>
                <td className={cellClasses}>
                  <UsageBadge item={item} />
                </td>
                <td className={cellClasses}>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      onClick={() => onOpen(item)}
                      aria-label={t('library.view', { name: item.file_name })}
                      title={t('library.viewLabel')}
                      className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-violet-600"
                    >
                      <Eye className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => onDelete(item)}
                      aria-label={t('library.delete.action', { name: item.file_name })}
                      title={t('library.delete.label')}
                      className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-violet-600"
                    >
                      <Trash2 className="size-4" />
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
