import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '@market/contracts';
import { api } from '../api-client';

/** The signed-in user's cache entry; null once signed out. */
export const SESSION_USER_KEY = ['session', 'user'] as const;

export function getCurrentUser(): Promise<UserDto> {
  return api.get<UserDto>('/user');
}

/** Asks for the user only when the login flag says this browser is signed in. */
export function useCurrentUserQuery(enabled: boolean) {
  return useQuery<UserDto | null>({ queryKey: SESSION_USER_KEY, queryFn: getCurrentUser, enabled });
}
