import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n';

function subscribeToConnection(listener: () => void): () => void {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

/**
 * While the browser is offline: says so, and what still works (the pages seen, kept by the offline
 * worker and in memory); what needs the network waits for it (issue 36: pages said "Failed to fetch").
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeToConnection, () => navigator.onLine);
  if (online) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      {t('offline')}
    </p>
  );
}
