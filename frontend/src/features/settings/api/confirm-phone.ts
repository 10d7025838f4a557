import { useMutation } from '@tanstack/react-query';
import type { UserDto } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** The code sent to the new number; answers the user with the number replaced. */
export function confirmPhone({ id, code }: { id: string; code: string }): Promise<UserDto> {
  return api.post<UserDto>(`/user/${id}/confirm-phone`, { code });
}

export function useConfirmPhone() {
  return useMutation({ mutationFn: confirmPhone });
}
