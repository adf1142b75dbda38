import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

/**
 * The current language's `t` (see translator.ts), re-rendering the component when the language
 * changes or a catalogue part arrives, and `i18n` for its `language` (dates and numbers).
 */
export function useTranslation() {
  const t = useSyncExternalStore(i18n.subscribe, i18n.snapshot);
  return { t, i18n };
}
