import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from './language-select';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="text-lg font-bold text-brand-700" aria-label={t('logoLabel')}>
          {t('brand')}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSelect />
          <Link
            to="/profile/phone/add"
            className="hidden rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 sm:inline-block"
          >
            {t('addListing')}
          </Link>
          <Link to="/login" className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('signIn')}
          </Link>
        </div>
      </div>
    </header>
  );
}
