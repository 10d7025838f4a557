import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LISTING_STATUSES, listingStatusSchema, type ListingCard, type ListingStatus } from '@market/contracts';
import { PageTitle } from '../../../components/page-title';
import { TabPanel, Tabs } from '../../../components/tabs';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteListing } from '../api/delete-listing';
import { useMyListings } from '../api/get-my-listings';
import type { MyListing } from '../api/my-listings-cache';
import { DeleteListingDialog } from './delete-listing-dialog';
import { DraftCard } from './draft-card';
import { EmptyActiveListings } from './empty-active-listings';
import { ListingActions } from './listing-actions';
import { myListingsTab } from '../paths';
import { LoadFailed } from '../../../components/load-failed';

export interface MyListingsPageProps {
  /** Draws a listing card with the author's bar under it (the listings feature's card, passed in by the route). */
  renderCard: (listing: ListingCard, actions: ReactNode) => ReactNode;
}

/** /profile: the seller's listings by status, with the author's actions on each (spec section 2, Profile area). */
export function MyListingsPage({ renderCard }: MyListingsPageProps) {
  const { t } = useTranslation('sell');
  const [params, setParams] = useSearchParams();
  const parsedTab = listingStatusSchema.safeParse(params.get('tab'));
  const tab: ListingStatus = parsedTab.success ? parsedTab.data : 'active';
  const mine = useMyListings();
  const deletion = useDeleteListing();
  const [deleting, setDeleting] = useState<MyListing | null>(null);

  const selectTab = (status: ListingStatus) => setParams(myListingsTab(status), { replace: true });

  const confirmDeletion = () => {
    if (!deleting) return;
    // The card hides at once; the dialog says 'O'chirilmoqda...' until the server answers.
    deletion.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  const listings = mine.data?.phones.filter((listing) => listing.status === tab) ?? [];
  const title = t('common:pages.myListings');
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Tabs
        label={t('my.tabs')}
        idPrefix="my-listings"
        tabs={LISTING_STATUSES.map((status) => ({ key: status, label: t(`tabs.${status}`), count: mine.data?.counts[status] ?? 0 }))}
        selected={tab}
        onSelect={selectTab}
      />
      <TabPanel idPrefix="my-listings" selected={tab}>
        {mine.isPending ? (
          <p role="status" className="py-8 text-center text-slate-600">
            {t('common:loading')}
          </p>
        ) : mine.isError ? (
          <LoadFailed message={mine.error.message} retry={{ label: t('retry'), onRetry: () => void mine.refetch() }} />
        ) : listings.length === 0 ? (
          tab === 'active' ? (
            <EmptyActiveListings />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white py-10 text-center text-slate-600">{t('my.empty')}</p>
          )
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {listings.map((listing) => {
              const actions = <ListingActions listing={listing} onDelete={() => setDeleting(listing)} />;
              return <li key={listing._id}>{listing.status === 'draft' ? <DraftCard listing={listing} actions={actions} /> : renderCard(listing, actions)}</li>;
            })}
          </ul>
        )}
      </TabPanel>
      {deleting && <DeleteListingDialog busy={deletion.isPending} onConfirm={confirmDeletion} onClose={() => setDeleting(null)} />}
    </>
  );
}
