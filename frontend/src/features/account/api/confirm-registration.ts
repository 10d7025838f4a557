import { useMutation } from '@tanstack/react-query';
import type { SignedInResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Registration step 2: the code confirms the phone; the account is signed in. */
export function confirmRegistration(body: { phoneNumber: string; code: string }): Promise<SignedInResponse> {
  return api.post<SignedInResponse>('/auth/register/confirm', body);
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: confirmRegistration });
}
