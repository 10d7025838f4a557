import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_STATUSES, statusAfter, type ListingAction, type MessageResponse, type MyListings } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { MY_LISTINGS_KEY } from './get-my-listings';

export type MyListing = MyListings['phones'][number];

function counted(phones: MyListing[]): MyListings {
  const counts = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as MyListings['counts'];
  for (const listing of phones) counts[listing.status] += 1;
  return { phones, counts };
}

/** An action, or the one that applies to the listing as it is ('onSale' or 'onSaleForReview'). */
export type ActionOn = ListingAction | ((listing: MyListing) => ListingAction);

/** The seller's listings once `action` moved listing `id` where the lifecycle says: to another tab, or out of every list. */
export function withAction(data: MyListings, id: string, action: ActionOn): MyListings {
  return counted(
    data.phones.flatMap((listing) => {
      const status = listing._id === id ? statusAfter(typeof action === 'function' ? action(listing) : action, listing.status) : undefined;
      if (status === 'deleted') return [];
      return [status ? { ...listing, status } : listing];
    }),
  );
}

function listingId(change: string | { id: string }): string {
  return typeof change === 'string' ? change : change.id;
}

/**
 * An action on one of the seller's listings shown at once: the page changes before the call
 * answers and goes back to how it was if the call fails. The server's answer or refusal is told
 * here, not by the caller: the card that asked has usually left its tab (and unmounted) by then.
 */
export function useOptimisticListingChange<Answer extends MessageResponse, Change extends string | { id: string } = string>(
  call: (change: Change) => Promise<Answer>,
  action: ActionOn,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (change: Change) => {
      const id = listingId(change);
      await queryClient.cancelQueries({ queryKey: MY_LISTINGS_KEY });
      const previous = queryClient.getQueryData<MyListings>(MY_LISTINGS_KEY);
      if (previous) queryClient.setQueryData(MY_LISTINGS_KEY, withAction(previous, id, action));
      return { previous };
    },
    // Told as a change of the listing: one that succeeds clears the listing's failures still on screen.
    onSuccess: (answer, change) => toast.success(answer.message[currentLanguage()], { action: `listing-${listingId(change)}` }),
    onError: (error, change, context) => {
      if (context?.previous) queryClient.setQueryData(MY_LISTINGS_KEY, context.previous);
      toast.error(errorText(error), { action: `listing-${listingId(change)}` });
    },
    // The home list and the detail pages show the listing too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
