import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { useToastsRequested } from '../lib/toast';
import { lazyWhenOnline } from '../lib/load-chunk';

const ToastHost = lazyWhenOnline(() => import('../components/toast-host'));

function Toasts() {
  const requested = useToastsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
