import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Registration step 1: the account waits for the 5-digit code sent to the phone for this browser. */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
