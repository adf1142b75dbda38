import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../ui/cn';
import { usageStatusOf, type MediaItem } from '../api';

/** "Usage Status": how often the item is used in posts and chats, and where it comes from. */
export function UsageBadge({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const { uses, sources } = usageStatusOf(item);
  return (
    <span className="flex flex-col gap-0.5">
      <span
        className={cn(
          'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
          uses > 0
            ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
            : 'bg-slate-50 text-slate-600 ring-slate-200',
        )}
      >
        {uses > 0 ? t('library.usage.used', { count: uses }) : t('library.usage.unused')}
      </span>
      {sources.length > 0 && (
        <span className="text-xs text-slate-500">
          {sources.map((source) => t(`library.sources.${source}`)).join(' · ')}
        </span>
      )}
    </span>
  );
}
