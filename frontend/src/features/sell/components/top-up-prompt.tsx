import { primaryButtonClass } from '../../../components/form/submit-button';
import { formatSom } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

/** Shown instead of the summary while the chosen tariff costs more than the balance (spec section 4). */
export function TopUpPrompt({ amount, onTopUp }: { amount: number; onTopUp: () => void }) {
  const { t } = useTranslation(['sell', 'messages']);
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{t('messages:insufficientBalance')}</p>
      <p className="mt-1">{t('tariff.missing', { amount: formatSom(amount, currentLanguage()) })}</p>
      <button type="button" onClick={onTopUp} aria-haspopup="dialog" className={`${primaryButtonClass} mt-3`}>
        {t('tariff.topUp')}
      </button>
    </div>
  );
}
