import type { Category } from '@market/contracts';

/** The home page's listing list filtered by a brand; the listings API takes the category id as `brand`. */
export function brandListingsPath(category: Pick<Category, '_id'>): string {
  return `/?${new URLSearchParams({ brand: category._id, page: '1' })}`;
}
