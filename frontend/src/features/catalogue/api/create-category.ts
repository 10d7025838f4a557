import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryBody } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORIES_KEY, withCategory } from './categories-cache';

export function createCategory(body: CategoryBody): Promise<Category> {
  return api.post<Category>('/category', body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) =>
      queryClient.setQueryData<Category[]>(CATEGORIES_KEY, (categories = []) => withCategory(categories, category)),
  });
}
