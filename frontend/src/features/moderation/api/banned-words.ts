import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannedWords } from '@market/contracts';
import { api } from '../../../lib/api-client';

const BANNED_WORDS_KEY = ['admin', 'banned-words'] as const;

/** `GET /api/admin/banned-words`. */
export function useBannedWords() {
  return useQuery({ queryKey: BANNED_WORDS_KEY, queryFn: () => api.get<BannedWords>('/admin/banned-words') });
}

/** `PUT /api/admin/banned-words`: the whole list; the waiting listings are checked against it again. */
export function useSaveBannedWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: BannedWords) => api.put<BannedWords>('/admin/banned-words', words),
    onSuccess: (saved) => queryClient.setQueryData(BANNED_WORDS_KEY, saved),
  });
}
