import { primaryButtonClass } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';

/** Payme is still processing the payment after the dialog followed it for a while: the balance rises once Payme confirms. */
export function ProcessingStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['payments', 'messages']);
  return (
    <div className="text-center">
      <p role="status" className="py-2 text-slate-700">
        {t('messages:paymentProcessing')}
      </p>
      <button type="button" onClick={onDone} data-autofocus className={`${primaryButtonClass} mt-4 w-full`}>
        {t('done.ok')}
      </button>
    </div>
  );
}
