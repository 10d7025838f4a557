import { LANGUAGES } from '@market/contracts';
import { changeLanguage, currentLanguage, isLanguage, useTranslation } from '../lib/i18n';

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={currentLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
