import { useState, type ReactNode } from 'react';
import { LISTING_REGIONS, TARIFFS, tariffCost, tariffDiscountPercent, tariffOf, type Tariff } from '@market/contracts';
import { errorText } from '../../../../components/form/form-error';
import { primaryButtonClass } from '../../../../components/form/submit-button';
import { useSession } from '../../../../lib/auth';
import { ApiError } from '../../../../lib/api-client';
import { formatListingPrice, formatSom } from '../../../../lib/format';
import { currentLanguage, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { useOfferedTariffs } from '../../api/get-tariffs';
import { useEditOutcome } from '../../hooks/use-edit-outcome';
import { useSubmitListing } from '../../hooks/use-submit-listing';
import { tariffReach } from '../../tariff-reach';
import { uploadedImageIds, useWizardStore } from '../../stores/wizard-store';
import { firstInvalidStep, stepOfServerFields } from '../../wizard-form';
import { LAST_STEP } from '../../wizard-steps';
import { ChoiceGroup } from '../choice-group';
import { useTopUpDialog } from '../top-up-dialog';
import { TopUpPrompt } from '../top-up-prompt';
import { insideTelegram } from '../../../../lib/telegram-launch';
import { TitledSection } from '../../../../components/titled-section';

function TariffLabel({ tariff }: { tariff: Tariff }) {
  const discount = tariffDiscountPercent(tariff);
  return (
    <span className="flex flex-wrap items-center gap-2">
      {tariff.name}
      {discount !== 0 && (
        <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">{discount} %</span>
      )}
    </span>
  );
}

/** Where a tariff's listing appears, as the server says the channels are set up (nothing until it answers). */
function TariffReach({ value }: { value: Tariff['value'] }) {
  const { t } = useTranslation('sell');
  const channels = useOfferedTariffs().data?.tariffs.find((offered) => offered.value === value)?.channels;
  return channels ? <span className="block">{tariffReach(channels, t)}</span> : null;
}

function TariffHint({ tariff }: { tariff: Tariff }) {
  const { t } = useTranslation(['sell', 'messages']);
  const cost = tariffCost(tariff);
  return (
    <>
      <span className="block">
        {tariff.discount > 0 && <s className="mr-2 text-slate-500">{formatSom(tariff.price, currentLanguage())}</s>}
        <span className="font-semibold text-slate-900">{cost === 0 ? t('tariff.free') : formatSom(cost, currentLanguage())}</span>
      </span>
      <TariffReach value={tariff.value} />
    </>
  );
}

/**
 * Step 9: the tariff, then either the top-up prompt (the cost exceeds the balance) or the
 * summary and 'E'lon berish'. A refusal of the server sends the seller to the step to fix.
 */
export function TariffStep() {
  // Inside Telegram the Mini App's texts say why the paid tariffs are not offered.
  const { t } = useTranslation(insideTelegram() ? ['sell', 'messages', 'mini-app'] : ['sell', 'messages']);
  const { user, isAdmin } = useSession();
  const values = useWizardStore((state) => state.values);
  const mode = useWizardStore((state) => state.mode);
  const paidTariff = useWizardStore((state) => state.paidTariff);
  const setValue = useWizardStore((state) => state.setValue);
  const submit = useSubmitListing(isAdmin);
  const [balanceRefused, setBalanceRefused] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const renderTopUpDialog = useTopUpDialog();
  const outcome = useEditOutcome();

  // An edit keeps the tariff already paid for: choosing it again costs nothing.
  const costOf = (value: 0 | 1) => (mode === 'edit' && paidTariff === value ? 0 : tariffCost(tariffOf(value)));
  const cost = costOf(values.tarif);
  const balance = user?.balance ?? 0;
  // The server knows the balance better (a payment elsewhere): after its refusal the whole cost is asked for.
  const shortage = balanceRefused ? cost : cost - balance;

  const chooseTariff = (value: 0 | 1) => {
    setBalanceRefused(false);
    setValue('tarif', value);
    // Spec section 4: a tariff the balance cannot cover opens the payment method picker.
    if (costOf(value) > balance) setPickerOpen(true);
  };

  const post = () => {
    const { photos, goTo, setErrors } = useWizardStore.getState();
    const invalid = firstInvalidStep(values, { isAdmin, images: uploadedImageIds(photos), step: LAST_STEP });
    if (invalid) {
      goTo(invalid.step);
      setErrors(invalid.errors);
      if (invalid.errors.images === 'photosMin') toast.error(t('messages:photosMin'));
      return;
    }
    submit.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiError && error.envelope?.code === 'insufficientBalance') {
          setBalanceRefused(true);
          setPickerOpen(true);
          return;
        }
        const step = error instanceof ApiError ? stepOfServerFields(error.fields) : null;
        if (step !== null && step !== LAST_STEP) {
          goTo(step);
          setErrors(error instanceof ApiError ? error.fields : {});
        }
        toast.error(errorText(error));
      },
    });
  };

  // Inside Telegram no paid promotion is offered (its rules want Stars for digital goods): only what costs nothing here.
  const offeredTariffs = insideTelegram() ? TARIFFS.filter((candidate) => costOf(candidate.value) === 0) : TARIFFS;

  return (
    <div className="space-y-5">
      {offeredTariffs.length < TARIFFS.length && <p className="text-sm text-slate-600">{t('mini-app:payments.notOffered')}</p>}
      <ChoiceGroup
        legend={t('steps.tariff')}
        hideLegend
        columns="one"
        choices={offeredTariffs.map((candidate) => ({
          value: String(candidate.value),
          label: <TariffLabel tariff={candidate} />,
          hint: <TariffHint tariff={candidate} />,
        }))}
        value={String(values.tarif)}
        onChange={(value) => chooseTariff(value === '1' ? 1 : 0)}
      />
      {shortage > 0 ? (
        <TopUpPrompt amount={shortage} onTopUp={() => setPickerOpen(true)} />
      ) : (
        <>
          <Summary cost={cost} balance={balance} />
          <button
            type="button"
            onClick={post}
            disabled={submit.isPending}
            aria-busy={submit.isPending}
            aria-describedby={outcome ? 'wizard-edit-outcome' : undefined}
            className={`${primaryButtonClass} w-full`}
          >
            {submit.isPending ? t('common:sending') : mode === 'edit' ? t('tariff.save') : t('tariff.post')}
          </button>
        </>
      )}
      {renderTopUpDialog({
        open: pickerOpen,
        onClose: () => {
          setPickerOpen(false);
          // Paid: the balance shown has risen; the summary appears once it covers the cost.
          setBalanceRefused(false);
        },
        suggestedAmount: Math.max(shortage, 0),
      })}
    </div>
  );
}

/** What is about to be posted, and what it costs. */
function Summary({ cost, balance }: { cost: number; balance: number }) {
  const { t } = useTranslation(['sell', 'messages']);
  const values = useWizardStore((state) => state.values);
  const photos = useWizardStore((state) => uploadedImageIds(state.photos).length);
  const region = LISTING_REGIONS.find((candidate) => candidate.id === values.region)?.label[currentLanguage()];
  const memory = [values.ram && t('memory.ram', { ram: values.ram }), values.storage].filter(Boolean).join(' / ');
  const price = Number(values.price);
  const outcome = useEditOutcome();
  return (
    <TitledSection title={t('summary.title')} heading="h3" className="rounded-xl border border-slate-200 bg-slate-50 p-4" titleClassName="mb-2 font-semibold text-slate-900">
      <dl className="text-sm">
        <Row label={t('summary.device')}>{values.device?.name ?? values.customModel?.name}</Row>
        {memory && <Row label={t('summary.memory')}>{memory}</Row>}
        {values.color && <Row label={t('summary.color')}>{values.color}</Row>}
        <Row label={t('summary.price')}>{Number.isFinite(price) ? formatListingPrice(Math.round(price), values.valut, currentLanguage()) : values.price}</Row>
        <Row label={t('summary.region')}>{region}</Row>
        <Row label={t('summary.condition')}>{values.condition ? t('condition.new') : t('condition.used')}</Row>
        <Row label={t('summary.photos')}>{t('summary.photoCount', { count: photos })}</Row>
        <Row label={t('summary.cost')}>{cost === 0 ? t('tariff.free') : formatSom(cost, currentLanguage())}</Row>
        <Row label={t('summary.balance')}>{formatSom(balance, currentLanguage())}</Row>
      </dl>
      {outcome ? (
        <p
          id="wizard-edit-outcome"
          className={`mt-3 rounded-md px-3 py-2 text-sm ${outcome === 'backToReview' || outcome === 'reviewWhenBack' ? 'bg-amber-50 font-medium text-amber-900' : 'bg-green-50 text-green-900'}`}
        >
          {t(`edit.${outcome}`)}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t('messages:listingWaitsForApproval')}</p>
      )}
    </TitledSection>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 py-1.5 last:border-b-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}
