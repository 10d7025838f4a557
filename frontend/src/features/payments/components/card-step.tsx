import type { FormEvent } from 'react';
import type { CardGatewayMode } from '@market/contracts';
import { SubmitButton } from '../../../components/form/submit-button';
import type { FieldErrors } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n';
import { MaskedField } from './masked-field';
import { SandboxNotice } from './sandbox-notice';

/** The dialog's step 1 as its inputs hold it: digits only, the expiry month then year. */
export type CardFormValues = { cardNumber: string; mmyy: string; amount: string };

interface CardStepProps {
  values: CardFormValues;
  errors: FieldErrors;
  onChange: (field: keyof CardFormValues, value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  mode: CardGatewayMode | undefined;
}

const CARD_NUMBER_MASK = { mask: '0000 0000 0000 0000' };
const EXPIRY_MASK = { mask: '00/00' };
const AMOUNT_MASK = { mask: Number, thousandsSeparator: ' ', scale: 0, min: 0 } as const;

/** Step 1: card number masked 4×4, expiry masked 99/99 and the amount in so'm. */
export function CardStep({ values, errors, onChange, onSubmit, busy, mode }: CardStepProps) {
  const { t } = useTranslation('payments');
  const testCard = mode?.sandbox ? mode.testCards.find((card) => card.outcome === 'success') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {testCard && (
        <SandboxNotice>
          <p className="tabular-nums">{t('sandbox.testCard', { number: testCard.number, expiry: testCard.expiry })}</p>
          <button
            type="button"
            onClick={() => {
              onChange('cardNumber', testCard.number.replace(/\D/g, ''));
              onChange('mmyy', testCard.expiry.replace(/\D/g, ''));
            }}
            className="min-h-11 font-medium text-amber-900 underline hover:no-underline"
          >
            {t('sandbox.useTestCard')}
          </button>
        </SandboxNotice>
      )}
      <MaskedField
        label={t('card.number')}
        mask={CARD_NUMBER_MASK}
        value={values.cardNumber}
        onChange={(digits) => onChange('cardNumber', digits)}
        error={errors.cardNumber}
        placeholder="0000 0000 0000 0000"
        autoComplete="cc-number"
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MaskedField
          label={t('card.expiry')}
          mask={EXPIRY_MASK}
          value={values.mmyy}
          onChange={(digits) => onChange('mmyy', digits)}
          error={errors.mmyy}
          placeholder={t('card.expiryPlaceholder')}
          autoComplete="cc-exp"
        />
        <MaskedField
          label={t('card.amount')}
          mask={AMOUNT_MASK}
          value={values.amount}
          onChange={(amount) => onChange('amount', amount)}
          error={errors.amount}
          placeholder="33 000"
          autoComplete="off"
        />
      </div>
      <SubmitButton busy={busy} busyLabel={t('card.busy')} fullWidth>
        {t('card.submit')}
      </SubmitButton>
      {/* Payme's card-form rules: its logo, the 'Powered by Payme' mark and a link to its offer. */}
      <footer className="space-y-1 border-t border-slate-200 pt-3 text-center text-xs text-slate-500">
        <img src="/payme-logo.svg" alt={t('payme.logo')} width={96} height={28} className="mx-auto" />
        <p className="font-semibold tracking-wide text-sky-700" data-testid="powered-by-payme">
          {t('payme.poweredBy')}
        </p>
        <p>{mode?.sandbox ? t('sandbox.cardDataLocal') : t('payme.dataGoesToPayme')}</p>
        {mode && (
          <a href={mode.checkout.offerUrl} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-sky-700 underline hover:no-underline">
            {t('payme.offer')}
          </a>
        )}
      </footer>
    </form>
  );
}
