import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../src/locales/en';

/**
 * i18n initialised directly with the English object, so component tests depend neither on how
 * the app loads its catalogues nor on the network.
 */
export function initTestI18n(): void {
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'translation',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}
