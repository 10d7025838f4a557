import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ListingEntity } from '../listings/listing.entity';
import { ON_SALE } from './listing-feed';

/** Listings per category, for the delete refusal of a category. */
@Injectable()
export class CategoryListingCounts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A brand's listings on sale, as the categories table counts them (ListingFeedService.onSaleByBrand): the delete refusal names the table's number. */
  async onSaleInCategory(categoryId: string, transaction: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ listings }]: { listings: number }[] = await transaction.query(
      `SELECT count(*)::int AS listings FROM listing l WHERE l.category_id = $1 AND ${ON_SALE}`,
      [categoryId],
    );
    return listings;
  }

  /** Listings of any status (deleted ones too: their rows still name the brand), which keep a brand from being deleted. */
  countInCategory(categoryId: string, transaction: EntityManager = this.dataSource.manager): Promise<number> {
    return transaction.getRepository(ListingEntity).countBy({ categoryId });
  }
}
