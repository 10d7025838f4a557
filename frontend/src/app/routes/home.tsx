import { Link } from 'react-router-dom';
import type { Category } from '@market/contracts';
import { BrandsSection, categoriesQuery } from '../../features/catalogue';
import { ListingsBrowser } from '../../features/listings/components/listings-browser';
import { useListingFilters } from '../../features/listings/hooks/use-listing-filters';
import { useTranslation } from '../../lib/i18n';

function HomePage() {
  const { t } = useTranslation();
  const browsing = useListingFilters();
  const showBrand = (category: Category) => {
    browsing.change({ brand: category._id });
    document.getElementById('listings')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <>
      <section className="mb-8 rounded-2xl bg-brand-700 px-6 py-10 text-white sm:px-10">
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
      <ListingsBrowser browsing={browsing} brandsQuery={categoriesQuery} />
    </>
  );
}

export { HomePage as Component };
