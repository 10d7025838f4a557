import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterRequest } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Registration step 1: the account waits for the 5-digit code sent to the phone. */
export function register(body: RegisterRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
