import { useState, type ReactNode } from 'react';
import type { ListingCard } from '@market/contracts';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { formatTashkentDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSeller } from '../api/get-seller';

export interface SellerPageProps {
  sellerId: string;
  renderCard: (listing: ListingCard) => ReactNode;
  /** A region's name in the page's language. */
  regionName: (region: string) => string;
  /** What a buyer can trust about the seller, under who they are (the reputation feature's). */
  signals?: ReactNode;
}

/** /seller/{id}: who sells (name, region, member since, listings sold, the confirmed number) and their listings on sale. */
export function SellerPage({ sellerId, renderCard, regionName, signals }: SellerPageProps) {
  const { t } = useTranslation('buyers');
  const [page, setPage] = useState(1);
  const seller = useSeller(sellerId, page);
  if (seller.isPending) return <p className="text-slate-600">{t('common:loading')}</p>;
  if (seller.isError) return <p className="py-16 text-center text-xl font-semibold text-slate-900">{seller.error.message}</p>;
  const { name, image, region, memberSince, phoneConfirmed, sold, phones, pages } = seller.data;
  const shownName = name || t('seller.anonymous');
  return (
    <section>
      <div className="mb-6 flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
        {image ? (
          <img src={image.location} alt={t('seller.avatarAlt', { name: shownName })} className="h-16 w-16 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800">
            {shownName.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <PageTitle documentTitle={shownName}>{shownName}</PageTitle>
          {phoneConfirmed && <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('seller.phoneConfirmed')}</span>}
          <dl className="mt-2 grid gap-x-4 text-sm text-slate-700 sm:grid-cols-3">
            {region && (
              <div>
                <dt className="inline text-slate-500">{t('seller.region')}: </dt>
                <dd className="inline">{regionName(region)}</dd>
              </div>
            )}
            <div>
              <dt className="inline text-slate-500">{t('seller.memberSince')}: </dt>
              <dd className="inline">{formatTashkentDate(memberSince)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-500">{t('seller.sold')}: </dt>
              <dd className="inline">{sold}</dd>
            </div>
          </dl>
        </div>
      </div>
      {signals}
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('seller.listings')}</h2>
      {phones.length === 0 && <p className="text-slate-600">{t('seller.noListings')}</p>}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {phones.map((listing) => (
          <li key={listing._id}>{renderCard(listing)}</li>
        ))}
      </ul>
      {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} />}
    </section>
  );
}
