import { Injectable } from '@nestjs/common';

/**
 * Active listings per category, for the categories page's `PhonesCount`, and listings of any
 * status in one category, which keep it from being deleted. The listings module provides it
 * (`CategoryUsage.countListingsWith`); until then no category has listings.
 */
export interface ActiveListingCounts {
  activeByCategory(): Promise<ReadonlyMap<string, number>>;
  countInCategory(categoryId: string): Promise<number>;
}

/** Devices of the catalogue per category; the devices module provides it. */
export interface DeviceCounts {
  byCategory(): Promise<ReadonlyMap<string, number>>;
  countInCategory(categoryId: string): Promise<number>;
}

const NOTHING_COUNTED = {
  byCategory: async () => new Map<string, number>(),
  activeByCategory: async () => new Map<string, number>(),
  countInCategory: async () => 0,
};

/**
 * What refers to categories. The modules that own listings and devices depend on the
 * categories module, so they register their counts here instead of the categories module
 * importing them back (which would be an import cycle).
 */
@Injectable()
export class CategoryUsage {
  private listings: ActiveListingCounts = NOTHING_COUNTED;
  private devices: DeviceCounts = NOTHING_COUNTED;

  countListingsWith(counts: ActiveListingCounts): void {
    this.listings = counts;
  }

  countDevicesWith(counts: DeviceCounts): void {
    this.devices = counts;
  }

  async perCategory(): Promise<{ activeListings: ReadonlyMap<string, number>; devices: ReadonlyMap<string, number> }> {
    const [activeListings, devices] = await Promise.all([this.listings.activeByCategory(), this.devices.byCategory()]);
    return { activeListings, devices };
  }

  async ofCategory(categoryId: string): Promise<{ listings: number; devices: number }> {
    const [listings, devices] = await Promise.all([
      this.listings.countInCategory(categoryId),
      this.devices.countInCategory(categoryId),
    ]);
    return { listings, devices };
  }
}
