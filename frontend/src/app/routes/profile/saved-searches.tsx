import { listingQueryString, type SavedSearch } from '@market/contracts';
import { useCategories } from '../../../features/catalogue';
import type { ListingFilters } from '../../../features/listings/filter-query';
import { regionLabel } from '../../../features/listings/format';
import { SavedSearchesPage } from '../../../features/saved-searches';
import { formatSom } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

type Query = SavedSearch['query'];

const filtersOf = (query: Query): ListingFilters => ({ page: 1, ...(query as Omit<ListingFilters, 'page'>) });

/** /profile/searches: saved searches described with the catalogue's brand names and the listings' region names. */
function SavedSearchesRoute() {
  const { t } = useTranslation('saved-searches');
  const categories = useCategories();
  const describe = (query: Query) => {
    const filters = filtersOf(query);
    const brand = filters.brand && (categories.data?.find((category) => category._id === filters.brand)?.name ?? filters.brand);
    const parts = [
      brand,
      filters.name && `«${filters.name}»`,
      filters.region && regionLabel(filters.region, currentLanguage()),
      filters.minPrice !== undefined && t('savedSearches.from', { price: formatSom(filters.minPrice, currentLanguage()) }),
      filters.maxPrice !== undefined && t('savedSearches.to', { price: formatSom(filters.maxPrice, currentLanguage()) }),
    ].filter(Boolean);
    return parts.length ? parts.join(', ') : t('savedSearches.everything');
  };
  return <SavedSearchesPage describe={describe} feedPath={(query) => `/?${listingQueryString(filtersOf(query))}`} />;
}

export { SavedSearchesRoute as Component };
