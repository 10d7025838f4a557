import { useMutation } from '@tanstack/react-query';
import type { UpdateUserRequest, UpdateUserResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `PUT /api/user/{id}` with only the changed fields; a new phone number answers `pendingPhoneConfirmation`. */
export function updateUser({ id, changes }: { id: string; changes: UpdateUserRequest }): Promise<UpdateUserResponse> {
  return api.put<UpdateUserResponse>(`/user/${id}`, changes);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
