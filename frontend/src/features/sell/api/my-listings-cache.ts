import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_STATUSES, type ListingStatus, type MyListings } from '@market/contracts';
import { MY_LISTINGS_KEY } from './get-my-listings';

export type MyListing = MyListings['phones'][number];

function counted(phones: MyListing[]): MyListings {
  const counts = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as MyListings['counts'];
  for (const listing of phones) counts[listing.status] += 1;
  return { phones, counts };
}

export function withoutListing(data: MyListings, id: string): MyListings {
  return counted(data.phones.filter((listing) => listing._id !== id));
}

export function withStatus(data: MyListings, id: string, status: ListingStatus): MyListings {
  return counted(data.phones.map((listing) => (listing._id === id ? { ...listing, status } : listing)));
}

/**
 * A change to one of the seller's listings shown at once: the page changes before the call
 * answers and goes back to how it was if the call fails (the caller tells the user why).
 */
export function useOptimisticListingChange<Answer>(call: (id: string) => Promise<Answer>, change: (data: MyListings, id: string) => MyListings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: MY_LISTINGS_KEY });
      const previous = queryClient.getQueryData<MyListings>(MY_LISTINGS_KEY);
      if (previous) queryClient.setQueryData(MY_LISTINGS_KEY, change(previous, id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(MY_LISTINGS_KEY, context.previous);
    },
    // The home list and the detail pages show the listing too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
