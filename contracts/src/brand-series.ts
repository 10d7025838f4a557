/*
 * Brands and their series without the schema library: the home page's brand row and filters
 * group them on a visit's first page, and a module that builds schemas brings zod along.
 */
import type { Category } from './catalogue';

/**
 * The brands as buyers pick them (issue 36 item 4): each brand of its own in page order with its
 * series (Xiaomi: Redmi, POCO). A series whose brand is not among `categories` stands as a brand.
 */
export function brandsWithSeries<T extends Pick<Category, '_id' | 'parent'>>(categories: readonly T[]): Array<{ brand: T; series: T[] }> {
  const ids = new Set(categories.map((category) => category._id));
  return categories
    .filter((category) => !category.parent || !ids.has(category.parent))
    .map((brand) => ({ brand, series: categories.filter((category) => category.parent === brand._id) }));
}
