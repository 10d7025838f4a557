import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ListingEntity } from './listing.entity';
import { ON_SALE } from './listing-feed';

/** Listings per category, for the categories page. */
@Injectable()
export class CategoryListingCounts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Listings on sale per brand: the page's `PhonesCount`. */
  async activeByCategory(): Promise<ReadonlyMap<string, number>> {
    const rows: { category_id: string; listings: number }[] = await this.dataSource.query(
      `SELECT l.category_id, count(*)::int AS listings FROM listing l WHERE ${ON_SALE} GROUP BY l.category_id`,
    );
    return new Map(rows.map((row) => [row.category_id, row.listings]));
  }

  /** A brand's listings on sale, counted as `activeByCategory` counts them: the delete refusal names the table's number. */
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
