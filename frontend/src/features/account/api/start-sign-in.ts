import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, MessageResponse } from '@market/contracts';
import { apiRequest } from '../../../lib/api-client';

/** 201: the number was new, an account was made and its password sent by SMS; 208: the account exists. */
export type SignInStart = { accountCreated: boolean; message: MessageResponse['message'] };

export async function startSignIn(body: LoginRequest): Promise<SignInStart> {
  const { status, data } = await apiRequest<MessageResponse>('POST', '/auth/login', body);
  return { accountCreated: status === 201, message: data.message };
}

export function useStartSignIn() {
  return useMutation({ mutationFn: startSignIn });
}
