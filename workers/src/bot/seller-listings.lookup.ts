import { Injectable } from '@nestjs/common';
import { AppConfig, SellerListingsService, type SellerListing } from '@market/backend';
import { formatListingPrice, LISTING_STATUS_LABELS, type Language } from '@market/contracts';
import { botText } from './bot-texts';

const LISTED_AT_MOST = 20;

/** What the bot tells a seller about their listings and looks up for notifications. */
@Injectable()
export class SellerListingsLookup {
  constructor(
    private readonly listings: SellerListingsService,
    private readonly config: AppConfig,
  ) {}

  /** The reply to /my: the seller's latest listings with their status and link. */
  async summary(userId: string, language: Language): Promise<string> {
    const listings = await this.listings.latest(userId, LISTED_AT_MOST);
    if (listings.length === 0) return botText('noListings', language);
    const lines = listings.map(
      (listing) =>
        `• ${listing.name ?? '—'}${listing.price ? `, ${formatListingPrice(listing.price, listing.valut, language)}` : ''}: ` +
        `${LISTING_STATUS_LABELS[listing.status][language]}\n  ${this.linkOf(listing.id)}`,
    );
    return [botText('myListings', language), ...lines].join('\n');
  }

  find(listingId: string): Promise<SellerListing | null> {
    return this.listings.find(listingId);
  }

  linkOf(listingId: string): string {
    return new URL(`/phone/${listingId}`, this.config.PUBLIC_URL).toString();
  }
}
