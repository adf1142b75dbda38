import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLanguage, currentLanguage } from '../../lib/i18n';
import { settingsQuery, updateSettings } from './api';

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

/**
 * A new account starts in the language its visitor was using (picked, or the browser's), not
 * in the default English. A failure leaves the default; Settings can change it.
 */
export async function keepVisitorLanguage(): Promise<void> {
  const language = currentLanguage();
  if (language === 'en') return;
  await updateSettings({ language }).catch(() => undefined);
}
