import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatSum } from '../format';
import { PaymentMethodPicker } from '../../payments';

/**
 * Shown when the chosen tariff costs more than the balance (spec section 4): the payment method
 * picker opens, proposing the missing amount. A confirmed payment raises the session's balance,
 * so the tariff step replaces this prompt (and the picker with it) by its summary: the success
 * text goes to a toast. The button opens the picker again.
 */
export function TopUpPrompt({ amount }: { amount: number }) {
  const { t } = useTranslation('sell');
  const [pickerOpen, setPickerOpen] = useState(true);
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{t('messages:insufficientBalance')}</p>
      <p className="mt-1">{t('tariff.missing', { amount: formatSum(amount) })}</p>
      <button
        type="button"
        onClick={() => setPickerOpen(true)}
        aria-haspopup="dialog"
        className="mt-3 inline-block rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('tariff.topUp')}
      </button>
      <PaymentMethodPicker
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPaid={() => toast.success(t('messages:paymentSuccess'))}
        suggestedAmount={amount}
      />
    </div>
  );
}
