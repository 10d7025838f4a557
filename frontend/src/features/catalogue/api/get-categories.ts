import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Category } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORIES_KEY } from './categories-cache';

export function getCategories(): Promise<Category[]> {
  return api.get<Category[]>('/category');
}

/**
 * Every category with its counts. Loaded once (spec section 4): the admin's changes update the
 * cached list in place, so it is only asked for again after a few minutes. The app hands it to
 * the home list's brand filter (features do not import each other).
 */
export const categoriesQuery: UseQueryOptions<Category[]> = { queryKey: CATEGORIES_KEY, queryFn: getCategories, staleTime: 5 * 60_000 };

export function useCategories() {
  return useQuery(categoriesQuery);
}
