import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate, postAge } from '../../../lib/format';

export interface PostTimeProps {
  createdAt: string;
  /** 'age': "Just now", "5m ago", ... (feed); 'date': "Jan 5, 2025" (profile). */
  format: 'age' | 'date';
}

/** When a post was written, as a <time> element. */
export function PostTime({ createdAt, format }: PostTimeProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  let label = formatShortDate(createdAt, locale);
  if (format === 'age') {
    const age = postAge(createdAt);
    if (age?.unit === 'now') label = t('posts.age.justNow');
    else if (age?.unit === 'minutes') label = t('posts.age.minutes', { count: age.count });
    else if (age?.unit === 'hours') label = t('posts.age.hours', { count: age.count });
    else if (age?.unit === 'days') label = t('posts.age.days', { count: age.count });
  }
  if (!label) return null;
  return (
    <time dateTime={createdAt} className="text-xs text-slate-500">
      {label}
    </time>
  );
}
