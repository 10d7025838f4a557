import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Category, CategoryBody } from '@market/contracts';
import { DevicesService } from '../devices/devices.service';
import { CategoryListingCounts } from '../browse/category-listing-counts';
import { ListingFeedService } from '../browse/listing-feed.service';
import { CategoriesService, type StoredCategory } from './categories.service';
import type { CategoryUsage } from './category-usage';

/**
 * The categories page (`/api/category`): each brand with its devices and active listings
 * counted. It sits above the categories, devices and listings modules, since the latter two
 * attach their rows to categories.
 */
@Injectable()
export class CategoriesPageService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly devices: DevicesService,
    private readonly listings: CategoryListingCounts,
    private readonly feed: ListingFeedService,
  ) {}

  /** Every category in page order with its image and counts, read on the public pool whoever asks. */
  async list(): Promise<Category[]> {
    return this.counted(await this.categories.list());
  }

  async create(body: CategoryBody): Promise<Category> {
    const created = await this.categories.create(body);
    const [category] = await this.counted([created], await this.categories.list());
    return category;
  }

  async update(id: string, body: CategoryBody): Promise<Category> {
    const updated = await this.categories.update(id, body);
    const [category] = await this.counted([updated], await this.categories.list());
    return category;
  }

  /** Refused while devices or listings belong to the category (409 `categoryInUse` with both counts). */
  remove(id: string): Promise<void> {
    return this.categories.remove(id, (transaction) => this.usageOf(id, transaction));
  }

  /** `all`: every category, where the series of those counted are found. */
  private async counted(categories: StoredCategory[], all = categories): Promise<Category[]> {
    const [activeListings, devices] = await Promise.all([this.feed.onSaleByBrand(), this.devices.byCategory()]);
    // A brand counts its series' listings too, as its filter finds them (Xiaomi: Redmi, POCO).
    const series = seriesOf(all);
    const onSale = (id: string) => activeListings.get(id) ?? 0;
    return categories.map((category) => ({
      ...category,
      PhonesCount: onSale(category._id) + (series.get(category._id) ?? []).reduce((sum, id) => sum + onSale(id), 0),
      devicesCount: devices.get(category._id) ?? 0,
    }));
  }

  private async usageOf(categoryId: string, transaction?: EntityManager): Promise<CategoryUsage> {
    const [listings, onSale, devices] = await Promise.all([
      this.listings.countInCategory(categoryId, transaction),
      this.listings.onSaleInCategory(categoryId, transaction),
      this.devices.countInCategory(categoryId, transaction),
    ]);
    return { listings, onSale, devices };
  }
}

/** Each brand's series' ids. */
function seriesOf(categories: StoredCategory[]): Map<string, string[]> {
  const series = new Map<string, string[]>();
  for (const category of categories) if (category.parent) series.set(category.parent, [...(series.get(category.parent) ?? []), category._id]);
  return series;
}
