import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { ListingEntity } from '../listing.entity';

/** A listing as the bot names it to its seller. */
export type SellerListing = Pick<ListingEntity, 'id' | 'authorId' | 'name' | 'price' | 'valut' | 'status'>;

/** What the sellers' bot looks up about listings: a seller's latest ones, and whose a listing is. */
@Injectable()
export class SellerListingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The seller's listings not deleted, newest first. */
  async latest(authorId: string, limit: number): Promise<SellerListing[]> {
    return this.dataSource.getRepository(ListingEntity).find({
      where: { authorId, deletedAt: IsNull() },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  async find(listingId: string): Promise<SellerListing | null> {
    return this.dataSource.getRepository(ListingEntity).findOneBy({ id: listingId });
  }
}
