import { Link } from 'react-router-dom';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';
import { ADD_LISTING_PATH } from '../paths';

/** No active listings yet: a picture, a line and the way to post one (spec section 2, Profile area). */
export function EmptyActiveListings() {
  const { t } = useTranslation('sell');
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <svg aria-hidden viewBox="0 0 120 120" className="h-28 w-28">
        <circle cx="60" cy="60" r="56" className="fill-brand-50" />
        <rect x="38" y="20" width="44" height="80" rx="8" className="fill-white stroke-brand-700" strokeWidth="3" />
        <rect x="44" y="30" width="32" height="52" rx="2" className="fill-brand-100" />
        <circle cx="60" cy="91" r="3" className="fill-brand-700" />
        <circle cx="88" cy="84" r="14" className="fill-brand-700" />
        <path d="M88 77v14M81 84h14" stroke="white" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="mt-4 text-lg font-medium text-slate-900">{t('my.emptyActive')}</p>
      <p className="mt-1 text-slate-600">{t('my.emptyActiveHint')}</p>
      <Link to={ADD_LISTING_PATH} className={`${primaryButtonClass} mt-5`}>
        {t('my.addListing')}
      </Link>
    </div>
  );
}
