import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { SignedInResponse, UserDto } from '@market/contracts';
import { currentLanguage } from '../i18n';
import { toast } from '../toast';
import { SESSION_USER_KEY, useCurrentUserQuery } from './current-user';
import { useLoginFlag } from './login-flag';

export interface Session {
  /** The signed-in user, or null for a visitor (and while loading). */
  user: UserDto | null;
  isAdmin: boolean;
  /** The login flag is set and the user is being fetched. */
  loading: boolean;
  /** Replaces the stored user, e.g. with the answer of a profile update. */
  setUser: (user: UserDto) => void;
  /** Changes the balance shown everywhere by `amount` so'm (a top-up, or minus a tariff's cost). */
  addToBalance: (amount: number) => void;
}

/** The session of spec section 4; every feature reads the signed-in user through this hook. */
export function useSession(): Session {
  const loggedIn = useLoginFlag((state) => state.loggedIn);
  const query = useCurrentUserQuery(loggedIn);
  const queryClient = useQueryClient();
  const endLocalSession = useEndLocalSession();

  // A failed refresh (cookie expired, account gone) means signed out.
  useEffect(() => {
    if (loggedIn && query.isError) endLocalSession();
  }, [loggedIn, query.isError, endLocalSession]);

  const setUser = useCallback(
    (user: UserDto) => queryClient.setQueryData<UserDto | null>(SESSION_USER_KEY, user),
    [queryClient],
  );
  const addToBalance = useCallback(
    (amount: number) =>
      queryClient.setQueryData<UserDto | null>(SESSION_USER_KEY, (user) => user && { ...user, balance: user.balance + amount }),
    [queryClient],
  );

  const user = loggedIn ? (query.data ?? null) : null;
  return { user, isAdmin: user?.role === 'admin', loading: loggedIn && query.isPending, setUser, addToBalance };
}

/** Clears the login flag and the stored user (sign-out, or a session the server no longer knows). */
export function useEndLocalSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    useLoginFlag.getState().setLoggedIn(false);
    queryClient.setQueryData(SESSION_USER_KEY, null);
  }, [queryClient]);
}

/** The notices' action of signing in (by password, SMS code, registration or Telegram): signed in, its failures still on screen go. */
export const SIGN_IN_ACTION = 'sign-in';

/**
 * After sign-in or a confirmed registration: set the flag, store the user and show the
 * server's message (unless the page shows it itself: `announce: false`).
 */
export function useStartSession(): (response: SignedInResponse, options?: { announce?: boolean }) => void {
  const queryClient = useQueryClient();
  return useCallback((response: SignedInResponse, options?: { announce?: boolean }) => startSession(queryClient, response, options), [queryClient]);
}

/** useStartSession's work, for a sign-in answered outside any component (the Mini App's, often before the first render). */
export function startSession(queryClient: QueryClient, { user, message }: SignedInResponse, { announce = true } = {}): void {
  queryClient.setQueryData<UserDto | null>(SESSION_USER_KEY, user);
  useLoginFlag.getState().setLoggedIn(true);
  if (announce) toast.success(message[currentLanguage()], { action: SIGN_IN_ACTION });
  else toast.clear(SIGN_IN_ACTION);
}
