import { QueryClient } from '@tanstack/react-query';
import { ApiError, NO_ANSWER } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500 && error.status !== NO_ANSWER) && failures < 2,
    },
    // A change asked for offline fails at once with 'offline' rather than waiting, its button stuck, to be sent
    // whenever the connection returns (a favourite, a report, a payment the user has stopped expecting).
    mutations: { networkMode: 'always' },
  },
});
