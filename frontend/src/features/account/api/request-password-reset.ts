import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Sends a 5-digit one-time code by SMS: for `/forgot` step 2, and as a one-time password at sign-in. */
export function requestPasswordReset(body: { phoneNumber: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
