import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BalanceHistory } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Every cached page of the balance history; a top-up or a listing charge invalidates this prefix. */
export const BALANCE_HISTORY_KEY = ['payments', 'balance-history'] as const;

/** `GET /api/user/balance-history?page=`: the signed-in user's top-ups and listing charges, newest first. */
export function getBalanceHistory(page: number): Promise<BalanceHistory> {
  return api.get<BalanceHistory>(`/user/balance-history?page=${page}`);
}

export function useBalanceHistory(page: number) {
  return useQuery({
    queryKey: [...BALANCE_HISTORY_KEY, page],
    queryFn: () => getBalanceHistory(page),
    // The previous page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}
