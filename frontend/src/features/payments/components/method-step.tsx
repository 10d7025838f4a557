import { PAYMENT_METHODS, type PaymentMethod } from '@market/contracts';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { formatCommission } from '../format';

/** The payment method picker: Uzcard/Humo takes payments; Payme, Click and Uzum are shown disabled (spec section 9). */
export function MethodStep({ onChoose }: { onChoose: (method: PaymentMethod) => void }) {
  const { t } = useTranslation('payments');
  const firstEnabled = PAYMENT_METHODS.find((method) => method.enabled);
  return (
    <ul className="space-y-2">
      {PAYMENT_METHODS.map((method) => {
        const commission = t('methods.commission', { percent: formatCommission(method.commissionPercent, currentLanguage()) });
        return (
          <li key={method.id}>
            <button
              type="button"
              disabled={!method.enabled}
              onClick={() => onChoose(method)}
              data-autofocus={method === firstEnabled || undefined}
              className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 disabled:hover:border-slate-200"
            >
              <span className="font-medium">{method.name}</span>
              <span className="text-right text-sm">
                <span className={method.enabled ? 'text-brand-700' : undefined}>{commission}</span>
                {!method.enabled && <span className="block text-xs">{t('methods.unavailable')}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
