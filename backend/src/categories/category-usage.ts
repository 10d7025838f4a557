import type { EntityManager } from 'typeorm';

/**
 * What still belongs to a category: its devices, and its listings of any status (deleted ones keep
 * their brand too), of which `onSale` are the ones the categories table counts (PhonesCount).
 */
export interface CategoryUsage {
  listings: number;
  onSale: number;
  devices: number;
}

/** Devices of the catalogue per category, as the categories page counts them (DevicesService). */
export interface DeviceCounts {
  byCategory(): Promise<ReadonlyMap<string, number>>;
  countInCategory(categoryId: string, transaction?: EntityManager): Promise<number>;
}
