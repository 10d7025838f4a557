import type { TelegramSignInRequest, TelegramSignInResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/telegram`: signed in (the session for the header), or a phone number is needed first. */
export function signInWithTelegram(request: TelegramSignInRequest): Promise<TelegramSignInResponse> {
  return api.post<TelegramSignInResponse>('/auth/telegram', request);
}
