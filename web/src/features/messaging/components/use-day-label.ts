import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate } from '../../../lib/format';
import { relativeDay } from '../format';

/** Spec §9 relative day labels as text: Today, Yesterday, 3 days ago, 1 week ago, ... */
export function useDayLabel(): (value: string | null | undefined) => string {
  const { t, i18n } = useTranslation();
  return (value) => {
    if (!value) return '';
    const label = relativeDay(value);
    switch (label?.kind) {
      case 'today':
        return t('messaging.days.today');
      case 'yesterday':
        return t('messaging.days.yesterday');
      case 'days':
        return t('messaging.days.daysAgo', { count: label.count });
      case 'week':
        return t('messaging.days.oneWeekAgo');
      case 'weeks':
        return t('messaging.days.weeksAgo', { count: label.count });
      case 'date':
        return formatShortDate(label.date, i18n.language);
      default:
        return '';
    }
  };
}
