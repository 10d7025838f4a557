import { useEffect } from 'react';
import type { ListingDetail } from '@market/contracts';
import { rememberViewed } from '../recently-viewed-store';

/** Rendered on a listing's page: the listing joins the home page's 'recently viewed' row. */
export function RememberViewed({ listing }: { listing: ListingDetail }) {
  useEffect(() => {
    if (listing.status === 'active') rememberViewed(listing);
  }, [listing]);
  return null;
}
