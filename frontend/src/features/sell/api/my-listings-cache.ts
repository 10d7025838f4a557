import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_STATUSES, statusAfter, type ListingAction, type MyListings } from '@market/contracts';
import { MY_LISTINGS_KEY } from './get-my-listings';

export type MyListing = MyListings['phones'][number];

function counted(phones: MyListing[]): MyListings {
  const counts = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as MyListings['counts'];
  for (const listing of phones) counts[listing.status] += 1;
  return { phones, counts };
}

/** The seller's listings once `action` moved listing `id` where the lifecycle says: to another tab, or out of every list. */
export function withAction(data: MyListings, id: string, action: ListingAction): MyListings {
  return counted(
    data.phones.flatMap((listing) => {
      const status = listing._id === id ? statusAfter(action, listing.status) : undefined;
      if (status === 'deleted') return [];
      return [status ? { ...listing, status } : listing];
    }),
  );
}

/**
 * An action on one of the seller's listings shown at once: the page changes before the call
 * answers and goes back to how it was if the call fails (the caller tells the user why).
 */
export function useOptimisticListingChange<Answer>(call: (id: string) => Promise<Answer>, action: ListingAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: MY_LISTINGS_KEY });
      const previous = queryClient.getQueryData<MyListings>(MY_LISTINGS_KEY);
      if (previous) queryClient.setQueryData(MY_LISTINGS_KEY, withAction(previous, id, action));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(MY_LISTINGS_KEY, context.previous);
    },
    // The home list and the detail pages show the listing too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
