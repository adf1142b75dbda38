import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLanguage } from '../../lib/i18n';
import { settingsQuery } from './api';

/**
 * The signed-in user's saved language, applied as soon as the settings load and again the
 * moment a save answers (the form writes the answer into the same query), without a reload.
 */
export function useSavedLanguage(): void {
  const { data: language } = useQuery({
    ...settingsQuery(),
    select: (settings) => settings.language,
  });
  useEffect(() => {
    if (language) void applyLanguage(language);
  }, [language]);
}
