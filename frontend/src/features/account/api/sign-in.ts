import { useMutation } from '@tanstack/react-query';
import type { AuthRequest, SignedInResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

export function signIn(body: AuthRequest): Promise<SignedInResponse> {
  return api.post<SignedInResponse>('/auth/auth', body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
