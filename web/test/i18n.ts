import { i18n } from '../src/lib/i18n';
import { en } from '../src/locales/en';

/**
 * The app's texts set up directly with the English object, so component tests depend neither
 * on how the app loads its catalogues nor on the network.
 */
export function initTestI18n(): void {
  i18n.addCatalogue('en', en);
  i18n.setLanguage('en');
}
