import { useMutation } from '@tanstack/react-query';
import type { TelegramLink } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/**
 * `POST /api/user/telegram/link {language}`: a one-time deep link `t.me/<bot>?start=<token>`.
 * The bot speaks to the seller in the language the site shows now. 503 when the bot is not configured.
 */
export function createTelegramLink(): Promise<TelegramLink> {
  return api.post<TelegramLink>('/user/telegram/link', { language: currentLanguage() });
}

export function useCreateTelegramLink() {
  return useMutation({ mutationFn: createTelegramLink });
}
