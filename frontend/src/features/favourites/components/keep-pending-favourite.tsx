import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../lib/auth';
import { toggleFavourite } from '../api/favourites';
import { takePendingFavourite } from '../pending-favourite';

/** Keeps the listing whose heart a visitor tapped, once they have signed in (wherever sign-in takes them). */
export function KeepPendingFavourite() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    const listingId = takePendingFavourite();
    if (!listingId) return;
    // A listing sold meanwhile cannot be kept: nothing to tell, the heart simply stays empty.
    toggleFavourite(queryClient, listingId, true).catch(() => undefined);
  }, [user, queryClient]);
  return null;
}
