import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@market/contracts';
import { BrandsSection, categoriesQuery } from '../../features/catalogue';
import { ListingsBrowser } from '../../features/listings/components/listings-browser';
import { useListingFilters } from '../../features/listings/hooks/use-listing-filters';
import { RecentlyViewedRow } from '../../features/recently-viewed';
import { loadTexts, useTranslation } from '../../lib/i18n';
import { lazyWhenOnline } from '../../lib/load-chunk';

/** Shown only for a search (filters in the address): its code and texts load then, not with every visit's first page. */
const SaveSearchButton = lazyWhenOnline(() =>
  Promise.all([
    // From its file: the feature's index names the saved searches' page too.
    import('../../features/saved-searches/components/save-search-button'),
    loadTexts(['saved-searches']),
  ]).then(([module]) => ({ default: module.SaveSearchButton })),
);

function HomePage() {
  const { t } = useTranslation();
  const browsing = useListingFilters();
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
      {browsing.active && (
        // Its height held while the button loads: the list below does not move.
        <div className="mb-3 flex min-h-11 justify-end">
          <Suspense fallback={null}>
            <SaveSearchButton filters={browsing.filters} />
          </Suspense>
        </div>
      )}
      <ListingsBrowser browsing={browsing} brandsQuery={categoriesQuery} />
      <RecentlyViewedRow />
    </div>
  );
}

export { HomePage as Component };
