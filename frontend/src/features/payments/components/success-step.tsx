import { primaryButtonClass } from '../../../components/form/submit-button';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Step 3: 'To'lov muvaffaqiyatli amalga oshirildi' and what was credited. */
export function SuccessStep({ amount, onDone }: { amount: number; onDone: () => void }) {
  const { t } = useTranslation(['payments', 'messages']);
  return (
    <div className="text-center">
      <div role="status" className="py-2">
        <span aria-hidden className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-3xl text-brand-700">
          ✓
        </span>
        <p className="mt-3 text-lg font-semibold text-slate-900">{t('messages:paymentSuccess')}</p>
        <p className="mt-1 text-slate-600">{t('done.credited', { amount: formatAmount(amount) })}</p>
      </div>
      <button type="button" onClick={onDone} data-autofocus className={`${primaryButtonClass} mt-4 w-full`}>
        {t('done.ok')}
      </button>
    </div>
  );
}
