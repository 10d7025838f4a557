import { useMutation } from '@tanstack/react-query';
import type { CheckSmsCodeResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Trades the SMS code for a short-lived, single-use token that allows setting a new password. */
export function checkSmsCode(body: { phoneNumber: string; code: string }): Promise<CheckSmsCodeResponse> {
  return api.post<CheckSmsCodeResponse>('/auth/check-sms-code', body);
}

export function useCheckSmsCode() {
  return useMutation({ mutationFn: checkSmsCode });
}
