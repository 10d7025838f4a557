import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

export function resetPasswordWithToken(body: { phoneNumber: string; token: string; password: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password-with-token', body);
}

export function useResetPasswordWithToken() {
  return useMutation({ mutationFn: resetPasswordWithToken });
}
