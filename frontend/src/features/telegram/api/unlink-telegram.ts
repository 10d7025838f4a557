import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelegramStatus } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { TELEGRAM_STATUS_KEY } from './get-telegram-status';

/** `DELETE /api/user/telegram` (204): the bot stops writing to the seller. */
export function unlinkTelegram(): Promise<void> {
  return api.delete<void>('/user/telegram');
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => queryClient.setQueryData<TelegramStatus>(TELEGRAM_STATUS_KEY, (status) => status && { ...status, linked: false }),
  });
}
