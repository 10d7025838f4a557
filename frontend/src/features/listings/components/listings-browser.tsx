import { useDeferredValue, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { listingQueryString } from '@market/contracts';
import { PageTitle } from '../../../components/page-title';
import { useTranslation } from '../../../lib/i18n';
import { useListings } from '../api/get-listings';
import { drawerFilterCount } from '../filter-query';
import type { ListingFiltersState } from '../hooks/use-listing-filters';
import { useScrollBack } from '../hooks/use-scroll-back';
import { Filters, type BrandsQuery } from './filters';
import { HomeSideColumn } from './home-side-column';
import { ListingList } from './listing-list';
import { Pager } from '../../../components/pager';

export interface ListingsBrowserProps {
  /** From `useListingFilters()`, shared with the brands row above the list. */
  browsing: ListingFiltersState;
  /** The brand filter's options: the catalogue's categories query. */
  brandsQuery: BrandsQuery;
}

/** The home page's list: filters, a page of cards, 'Davom etish', the pager, and the side column. */
export function ListingsBrowser({ browsing, brandsQuery }: ListingsBrowserProps) {
  const { t } = useTranslation('listings');
  const { filters, query, change, setPage, clear } = browsing;
  // A query's answer re-renders its readers synchronously; the page of cards it brings renders
  // deferred instead, in slices a phone's main thread can interleave with taps and scrolling.
  const listings = useDeferredValue(useListings(query));
  // A name that found nothing: the nearest models on sale, offered under 'mavjud emas'.
  const suggestions = listings.data?.phones.length === 0 ? listings.data.suggestions : undefined;
  const listRef = useRef<HTMLElement>(null);
  const headingId = useId();
  useScrollBack(listings.isSuccess);

  const pages = listings.data?.pages ?? 0;
  // The page asked for is scrolled to once its cards are shown, at once: a smooth scroll stopped part
  // of the way when the page's height changed under it (the skeleton, photos arriving on a slow phone).
  const scrollToPage = useRef<number>(undefined);
  const goToPage = (page: number) => {
    setPage(page);
    scrollToPage.current = page;
  };
  const shownPage = listings.isSuccess ? filters.page : undefined;
  useEffect(() => {
    if (shownPage === undefined || scrollToPage.current !== shownPage) return;
    scrollToPage.current = undefined;
    listRef.current?.scrollIntoView({ block: 'start' });
  }, [shownPage]);

  return (
    <section id="listings" ref={listRef} aria-labelledby={headingId} className="scroll-mt-16">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <div id={headingId}>
            <PageTitle documentTitle={t('pages.home', { ns: 'common' })}>{t('pages.home', { ns: 'common' })}</PageTitle>
          </div>
          <Filters filters={filters} onChange={change} onClear={clear} brandsQuery={brandsQuery} />
          <ListingList
            listings={listings.data?.phones}
            loading={listings.isPending}
            error={listings.isError ? listings.error.message : undefined}
            onRetry={() => void listings.refetch()}
            search={{ name: filters.name, filtered: drawerFilterCount(filters) > 0, onClear: clear }}
          />
          {suggestions && suggestions.length > 0 && (
            <nav aria-label={t('list.suggestions')} className="mt-3">
              <p className="text-sm text-slate-700">{t('list.suggestions')}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {suggestions.map((model) => (
                  <li key={model._id}>
                    <Link
                      to={`/?${listingQueryString({ page: 1, name: model.name })}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-medium text-brand-800 hover:bg-brand-50"
                    >
                      {model.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {listings.isSuccess && filters.page < pages && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                onClick={() => goToPage(filters.page + 1)}
                className="w-full rounded-lg bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800 sm:w-auto"
              >
                {t('list.more')}
              </button>
            </div>
          )}
          {listings.isSuccess && (
            <Pager page={filters.page} pages={pages} onChange={goToPage} hrefOf={(page) => `/?${listingQueryString({ ...filters, page })}`} />
          )}
        </div>
        <HomeSideColumn />
      </div>
    </section>
  );
}
