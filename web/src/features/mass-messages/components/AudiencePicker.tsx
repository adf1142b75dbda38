import { useInfiniteQuery } from '@tanstack/react-query';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { audienceSearchQuery } from '../audience-search';
import type { PickedFan } from '../segment';

/** How long typing pauses before the search asks the server. */
const SEARCH_DELAY_MS = 250;

/**
 * Hand-picking a mass message's recipients by name: a search over the creator's own audience
 * (subscribers, past or present, and followers), page by page, and the fans picked so far.
 */
export function AudiencePicker({
  picked,
  onChange,
}: {
  picked: PickedFan[];
  onChange: (next: PickedFan[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useInfiniteQuery(audienceSearchQuery(q));
  const fans = search.data?.pages.flatMap((page) => page.results) ?? [];
  const isPicked = (id: number) => picked.some((fan) => fan.id === id);
  const toggle = (fan: PickedFan) =>
    onChange(
      isPicked(fan.id)
        ? picked.filter((other) => other.id !== fan.id)
        : [...picked, { id: fan.id, username: fan.username }],
    );

  return (
    <div className="space-y-3">
      <TextField
        label={t('massMessages.segment.search')}
        description={t('massMessages.segment.searchHint')}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {picked.length > 0 && (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">
            {t('massMessages.segment.picked', { number: picked.length })}
          </p>
          <ul className="flex flex-wrap gap-2" aria-label={t('massMessages.segment.pickedList')}>
            {picked.map((fan) => (
              <li key={fan.id}>
                <button
                  type="button"
                  onClick={() => toggle(fan)}
                  className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-3 py-1 text-sm text-violet-900 hover:bg-violet-200"
                >
                  {fan.username}
                  <X className="size-3.5" aria-hidden />
                  <span className="sr-only">
                    {' '}
                    {t('massMessages.segment.remove', { username: fan.username })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {search.isError ? (
        <p className="text-sm text-red-600">{t('massMessages.segment.searchFailed')}</p>
      ) : search.isPending ? null : fans.length === 0 ? (
        <p className="text-sm text-slate-500">{t('massMessages.segment.noFans')}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('massMessages.segment.results')}</legend>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl ring-1 ring-slate-200">
            {fans.map((fan) => (
              <li key={fan.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-violet-600"
                    checked={isPicked(fan.id)}
                    onChange={() => toggle(fan)}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                    {fan.username}
                  </span>
                  <span className="text-xs text-slate-500">
                    {t(`massMessages.segment.relation.${fan.relation}`)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {search.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              busy={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              {t('massMessages.segment.more')}
            </Button>
          )}
        </fieldset>
      )}
    </div>
  );
}
