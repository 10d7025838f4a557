import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { CATEGORIES_KEY, withoutCategory } from './categories-cache';

/** Refused with a 409 while devices or listings belong to the category. */
export function deleteCategory(id: string): Promise<{ _id: string }> {
  return api.delete<{ _id: string }>(`/category/${id}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Category[]>(CATEGORIES_KEY, (categories = []) => withoutCategory(categories, id)),
  });
}
