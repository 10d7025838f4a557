import { Link } from 'react-router-dom';
import type { Category } from '@market/contracts';
import { BrandsSection, categoriesQuery } from '../../features/catalogue';
import { ListingsBrowser } from '../../features/listings/components/listings-browser';
import { useListingFilters } from '../../features/listings/hooks/use-listing-filters';
import { RecentlyViewedRow } from '../../features/recently-viewed';
// From its file: the feature's index names the saved searches' page too.
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { useTranslation } from '../../lib/i18n';

function HomePage() {
  const { t } = useTranslation();
  const browsing = useListingFilters();
  const filtered = Object.entries(browsing.filters).some(([key, value]) => key !== 'page' && value !== undefined);
  // A brand tile starts a fresh list of that brand: the name and other filters of an earlier search do not stay.
  const showBrand = (category: Category) => {
    browsing.startWith({ brand: category._id });
    document.getElementById('listings')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // On a phone the hero comes after the list: the first listing is on the first screen (issue 19).
  return (
    <div className="flex flex-col">
      <section className="order-last mt-8 rounded-2xl bg-brand-700 px-6 py-6 text-white sm:order-none sm:mt-0 sm:mb-6 sm:px-10">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('hero.title')}</h2>
        <p className="mt-2 max-w-xl text-brand-100">{t('hero.subtitle')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="#listings" className="rounded-lg bg-white px-5 py-2.5 font-medium text-brand-800 hover:bg-brand-50">
            {t('hero.buy')}
          </a>
          <Link to="/profile/phone/add" className="rounded-lg border border-white px-5 py-2.5 font-medium hover:bg-brand-800">
            {t('hero.sell')}
          </Link>
        </div>
      </section>
      <BrandsSection selectedBrand={browsing.filters.brand} onSelectBrand={showBrand} />
      {/* Only a search is worth saving; the first screen of a fresh visit keeps its first listing. */}
      {filtered && (
        <div className="mb-3 flex justify-end">
          <SaveSearchButton filters={browsing.filters} />
        </div>
      )}
      <ListingsBrowser browsing={browsing} brandsQuery={categoriesQuery} />
      <RecentlyViewedRow />
    </div>
  );
}

export { HomePage as Component };
