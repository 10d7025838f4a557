import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { api } from '../api-client';
import { messageText } from '../i18n';
import { toast } from '../toast';
import { useEndLocalSession } from './session';

export function logout(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Spec section 4: sign out locally, say so and go home, whether or not the server call succeeded. */
export function useLogout() {
  const navigate = useNavigate();
  const endLocalSession = useEndLocalSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => {
      // Leave first (rendered at once): a profile page that saw the user gone would send the browser to /login.
      flushSync(() => void navigate('/'));
      endLocalSession();
      // Listings, balance history and the like belong to the account that left.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      toast.success(messageText('loggedOut'));
    },
  });
}
