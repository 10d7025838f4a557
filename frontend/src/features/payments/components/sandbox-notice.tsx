import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The sandbox gateway's label: no real money moves, with what to type instead of a real card or code. */
export function SandboxNotice({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['payments', 'messages']);
  return (
    <div role="note" aria-label={t('sandbox.badge')} className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-semibold">{t('messages:paymentSandbox')}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}
