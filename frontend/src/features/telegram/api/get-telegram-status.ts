import { useQuery } from '@tanstack/react-query';
import type { TelegramStatus } from '@market/contracts';
import { api } from '../../../lib/api-client';

export const TELEGRAM_STATUS_KEY = ['telegram', 'status'] as const;

/** While a deep link is open, how often to ask whether the bot has linked the chat yet. */
const LINK_WAIT_REFRESH_MS = 3_000;

/** `GET /api/user/telegram`: whether the signed-in seller's account is linked to the bot. */
export function getTelegramStatus(): Promise<TelegramStatus> {
  return api.get<TelegramStatus>('/user/telegram');
}

/** `waitingForLink`: the seller has a deep link open in Telegram; the card turns 'linked' by itself once they press Start. */
export function useTelegramStatus({ waitingForLink }: { waitingForLink: boolean }) {
  return useQuery({
    queryKey: TELEGRAM_STATUS_KEY,
    queryFn: getTelegramStatus,
    refetchInterval: (query) => (waitingForLink && !query.state.data?.linked ? LINK_WAIT_REFRESH_MS : false),
    // Coming back from the Telegram app is the moment the answer changes.
    refetchOnWindowFocus: waitingForLink,
  });
}
