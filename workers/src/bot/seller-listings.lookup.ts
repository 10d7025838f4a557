import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { formatListingPrice, type Language } from '@market/contracts';
import { AppConfig } from '../../../backend/src/config/app-config';
import { ListingEntity } from '../../../backend/src/listings/listing.entity';
import { STATUS_LABELS, botText } from './bot-texts';

const LISTED_AT_MOST = 20;

/** What the bot tells a seller about their listings and looks up for notifications. */
@Injectable()
export class SellerListingsLookup {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The reply to /my: the seller's latest listings with their status and link. */
  async summary(userId: string, language: Language): Promise<string> {
    const listings = await this.dataSource.getRepository(ListingEntity).find({
      where: { authorId: userId, deletedAt: IsNull() },
      order: { createdAt: 'DESC' },
      take: LISTED_AT_MOST,
    });
    if (listings.length === 0) return botText('noListings', language);
    const lines = listings.map(
      (listing) =>
        `• ${listing.name ?? '—'}${listing.price ? `, ${formatListingPrice(listing.price, listing.valut)}` : ''}: ` +
        `${STATUS_LABELS[listing.status][language]}\n  ${this.linkOf(listing.id)}`,
    );
    return [botText('myListings', language), ...lines].join('\n');
  }

  async find(listingId: string): Promise<ListingEntity | null> {
    return this.dataSource.getRepository(ListingEntity).findOneBy({ id: listingId });
  }

  linkOf(listingId: string): string {
    return new URL(`/phone/${listingId}`, this.config.PUBLIC_URL).toString();
  }
}
