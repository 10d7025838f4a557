import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryBody } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORIES_KEY, withCategory } from './categories-cache';

export function updateCategory({ id, body }: { id: string; body: CategoryBody }): Promise<Category> {
  return api.put<Category>(`/category/${id}`, body);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (category) =>
      queryClient.setQueryData<Category[]>(CATEGORIES_KEY, (categories = []) => withCategory(categories, category)),
  });
}
