import { LANGUAGES } from '@zura/contracts';
import { useTranslation } from '../../lib/use-translation';
import { applyLanguage, currentLanguage, isLanguage } from '../../lib/i18n';

/**
 * The language of the pages before sign-in (landing, login, sign-up), kept in this browser.
 * Signed in, the saved setting decides (Settings, Account).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  return (
    <select
      aria-label={t('languages.label')}
      value={currentLanguage()}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void applyLanguage(event.target.value);
      }}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-violet-600"
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {t(`languages.names.${code}`)}
        </option>
      ))}
    </select>
  );
}
