import type { Category } from '@market/contracts';

/** The cache entry of `GET /api/category`, shared by the admin page, /categories and the home page's brands. */
export const CATEGORIES_KEY = ['categories'] as const;

/** The API's order: by number, then by name. */
function byPageOrder(a: Category, b: Category): number {
  return a.number - b.number || a.name.localeCompare(b.name);
}

/** The list with `category` replaced by id, or added when new, kept in the API's order. */
export function withCategory(categories: readonly Category[], category: Category): Category[] {
  const others = categories.filter((candidate) => candidate._id !== category._id);
  return [...others, category].sort(byPageOrder);
}

/** The list without the category of `id`. */
export function withoutCategory(categories: readonly Category[], id: string): Category[] {
  return categories.filter((category) => category._id !== id);
}
