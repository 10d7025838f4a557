import type { ListingCard } from '@market/contracts';
import { Link } from 'react-router-dom';
import { formatListingPrice } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { TitledSection } from '../../../components/titled-section';

/** The row itself, with its texts (RecentlyViewedRow shows it when there is anything to show). */
export default function RecentlyViewedList({ viewed }: { viewed: ListingCard[] }) {
  const { t } = useTranslation('buyers');
  return (
    <TitledSection title={t('recentlyViewed.title')} className="mb-6" titleClassName="mb-2 text-lg font-semibold text-slate-900">
      <ul className="flex gap-3 overflow-x-auto pb-2">
        {viewed.map((listing) => (
          <li key={listing._id} className="w-36 shrink-0">
            <Link to={`/phone/${listing._id}`} className="block rounded-lg border border-slate-200 bg-white p-2 hover:shadow-sm">
              <div className="mb-1 h-24 overflow-hidden rounded bg-slate-100">
                {listing.image && <img src={listing.image.location} alt={listing.name} loading="lazy" className="h-full w-full object-cover" />}
              </div>
              <p className="truncate text-sm text-slate-900">{listing.name}</p>
              <p className="text-sm font-semibold whitespace-nowrap text-brand-800">{formatListingPrice(listing.price, listing.valut, currentLanguage())}</p>
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
