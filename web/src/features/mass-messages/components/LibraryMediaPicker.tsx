import { useInfiniteQuery } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../ui/cn';
import { libraryQuery } from '../../library';
import { MediaThumb } from '../../library';

/** Picks files from the creator's media library (its first page, newest first). */
export function LibraryMediaPicker({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const library = useInfiniteQuery(libraryQuery());
  const items = library.data?.pages.flatMap((page) => page.results) ?? [];
  if (library.isPending) return null;
  if (items.length === 0) {
    return <p className="text-sm text-slate-500">{t('massMessages.compose.libraryEmpty')}</p>;
  }
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">
        {t('massMessages.compose.media')}
      </legend>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {items.map((item) => {
          const on = selected.includes(item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={item.file_name}
                onClick={() => toggle(item.id)}
                className={cn(
                  'relative block aspect-square w-full overflow-hidden rounded-lg ring-2',
                  on ? 'ring-violet-600' : 'ring-transparent',
                )}
              >
                <MediaThumb item={item} className="size-full" />
                {on && (
                  <Check
                    className="absolute top-1 end-1 size-5 rounded-full bg-violet-600 p-0.5 text-white"
                    aria-hidden
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
