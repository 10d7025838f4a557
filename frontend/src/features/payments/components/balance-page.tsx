import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/auth';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { BalanceHistory } from './balance-history';
import { PaymentMethodPicker } from './payment-method-picker';
import { insideTelegram } from '../../../lib/telegram-launch';
import { TitledSection } from '../../../components/titled-section';

/** `/profile/balance`: the balance in so'm, the button opening the payment method picker, and the history. */
export function BalancePage() {
  // Inside Telegram the Mini App's texts say why there is no top-up.
  const { t } = useTranslation(insideTelegram() ? ['payments', 'mini-app'] : 'payments');
  const { user } = useSession();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '', 10) || 1);
  const balanceId = useId();

  return (
    <>
      <PageTitle documentTitle={t('common:pages.balance')}>{t('common:pages.balance')}</PageTitle>
      <section
        aria-labelledby={balanceId}
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div>
          <h2 id={balanceId} className="text-sm font-medium text-slate-600">
            {t('balance.current')}
          </h2>
          {/* The profile layout renders this page only for a signed-in user. */}
          <p className="text-3xl font-semibold tabular-nums text-slate-900">{t('balance.amount', { amount: formatAmount(user?.balance ?? 0) })}</p>
        </div>
        {/* Telegram wants digital goods bought inside a Mini App paid in Stars: card top-ups are not offered there (docs/mini-app.md). */}
        {insideTelegram() ? (
          <p className="text-sm text-slate-600">{t('mini-app:payments.notOffered')}</p>
        ) : (
          <button type="button" onClick={() => setPickerOpen(true)} aria-haspopup="dialog" className={`${primaryButtonClass} w-full sm:w-auto`}>
            {t('balance.topUp')}
          </button>
        )}
      </section>
      <TitledSection title={t('history.title')} className="mt-6" titleClassName="mb-3 text-lg font-semibold text-slate-900">
        <BalanceHistory page={page} onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })} />
      </TitledSection>
      <PaymentMethodPicker open={pickerOpen} onClose={() => setPickerOpen(false)} />
    </>
  );
}
