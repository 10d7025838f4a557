import type { ListingToPost } from '@market/backend';
import { LISTING_REGIONS, formatListingPrice } from '@market/contracts';
import type { ChannelListing } from './channels/channel-publisher';

/** Channel posts speak to the channel's audience in Uzbek, the site's default language. */
const CONDITION = { new: 'Yangi', used: 'Ishlatilgan' };

export function toChannelListing(listing: ListingToPost, photoUrls: string[], publicUrl: string): ChannelListing {
  const region = LISTING_REGIONS.find((candidate) => candidate.id === listing.region);
  return {
    id: listing.id,
    name: listing.name ?? '',
    price: formatListingPrice(listing.price ?? 0, listing.valut, 'uz'),
    memory: [listing.storage, listing.ram].filter(Boolean).join(' / '),
    condition: listing.condition ? CONDITION.new : CONDITION.used,
    region: region?.label.uz ?? listing.region ?? '',
    url: new URL(`/phone/${listing.id}`, publicUrl).toString(),
    photoUrls,
  };
}
