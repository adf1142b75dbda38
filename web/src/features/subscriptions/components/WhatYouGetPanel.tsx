import { useQuery } from '@tanstack/react-query';
import type { SubscriptionContents } from '@zura/contracts';
import { useTranslation } from '../../../lib/use-translation';
import { subscriptionContentsQuery } from '../contents-api';

export interface WhatYouGetPanelProps {
  creatorId: number;
}

/** "What you get": a creator's counts and what the monthly price opens, before paying. */
export function WhatYouGetPanel({ creatorId }: WhatYouGetPanelProps) {
  const { t } = useTranslation();
  const query = useQuery(subscriptionContentsQuery(creatorId));
  // The profile above already says when it cannot load; this panel is extra, so it stays quiet.
  if (!query.data) return null;
  return (
    <section
      aria-labelledby="what-you-get-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="what-you-get-title" className="text-lg font-semibold text-slate-900">
        {t('subscriptionContents.title')}
      </h2>
      <WhatYouGetDetails contents={query.data} />
    </section>
  );
}

/** The counts and the price's coverage, as a definition list a screen reader reads in pairs. */
function WhatYouGetDetails({ contents }: { contents: SubscriptionContents }) {
  const { t } = useTranslation();
  const counts = [
    ['posts', contents.posts],
    ['photos', contents.photos],
    ['videos', contents.videos],
    ['subscriberOnly', contents.subscriber_only_posts],
    ['recent', contents.posts_last_30_days],
  ] as const;
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {counts.map(([key, count]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{t(`subscriptionContents.counts.${key}`)}</dt>
            <dd className="text-xl font-semibold text-slate-900">{count}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 space-y-1 text-sm text-slate-700">
        <li>{t('subscriptionContents.covers.posts', { count: contents.covers.included_posts })}</li>
        <li>
          {t(
            contents.covers.messages
              ? 'subscriptionContents.covers.messagesIncluded'
              : 'subscriptionContents.covers.messagesOpen',
          )}
        </li>
        <li>
          {t(
            contents.covers.calls
              ? 'subscriptionContents.covers.callsIncluded'
              : 'subscriptionContents.covers.callsOpen',
          )}
        </li>
      </ul>
    </>
  );
}
