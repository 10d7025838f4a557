import { useState, type ReactNode } from 'react';
import type { FavouritePage } from '@market/contracts';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { formatListingPrice } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useFavouritesPage } from '../api/favourites';

type Favourite = FavouritePage['favourites'][number];

/** 'Saralanganlar': the user's kept listings, newest first; a sold or removed one stays, marked so. */
export function FavouritesPage({ renderCard }: { renderCard: (favourite: Favourite, badge: ReactNode) => ReactNode }) {
  const { t } = useTranslation('buyers');
  const [page, setPage] = useState(1);
  const favourites = useFavouritesPage(page);
  return (
    <section>
      <PageTitle documentTitle={t('favourites.title')}>{t('favourites.title')}</PageTitle>
      {favourites.isPending && <p className="text-slate-600">{t('common:loading')}</p>}
      {favourites.isError && <p className="text-red-700">{favourites.error.message}</p>}
      {favourites.data?.favourites.length === 0 && <p className="text-slate-600">{t('favourites.empty')}</p>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {favourites.data?.favourites.map((favourite) => (
          <li key={favourite.listing._id}>
            {renderCard(
              favourite,
              favourite.state !== 'onSale' ? (
                <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{t(`favourites.states.${favourite.state}`)}</span>
              ) : (
                favourite.priceBefore !== null && (
                  <span className="flex items-center gap-2 text-sm">
                    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('favourites.cheaper')}</span>
                    <s className="text-slate-500" aria-label={t('favourites.priceBefore', { price: formatListingPrice(favourite.priceBefore, favourite.listing.valut, currentLanguage()) })}>
                      {formatListingPrice(favourite.priceBefore, favourite.listing.valut, currentLanguage())}
                    </s>
                  </span>
                )
              ),
            )}
          </li>
        ))}
      </ul>
      {(favourites.data?.pages ?? 0) > 1 && <Pager page={page} pages={favourites.data!.pages} onChange={setPage} />}
    </section>
  );
}
