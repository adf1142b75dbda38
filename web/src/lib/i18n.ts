import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';

const defaultNS = 'translation';
const resources = { en: { translation: en } };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** English first; more catalogues plug in under `resources`. */
export function initI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS,
    resources,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return i18n;
}
