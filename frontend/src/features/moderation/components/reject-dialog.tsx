import { REJECTION_REASON_LABELS, REJECTION_REASONS, rejectListingSchema, suggestedRejection, type ModerationCard, type RejectionReason } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { ReasonFields } from '../../../components/form/reason-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useLanguage, useTranslation } from '../../../lib/i18n';

interface RejectDialogProps {
  listing: ModerationCard;
  onReject: (decision: { reason: RejectionReason; text?: string }) => void;
  onClose: () => void;
}

const dangerButtonClass =
  'rounded-lg bg-red-700 px-5 py-2.5 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600';
const secondaryButtonClass =
  'rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** 'Rad etish': the admin picks a reason from the list, or writes one for 'other'; checked by the server's schema. */
export function RejectDialog({ listing, onReject, onClose }: RejectDialogProps) {
  const { t } = useTranslation('moderation');
  const language = useLanguage();
  // The reason the workers' checks point to, if any, is chosen already.
  const suggested = suggestedRejection(listing.checks);
  const form = useZodForm(rejectListingSchema, { id: listing._id, reason: (suggested ?? '') as RejectionReason | '', text: '' });
  const { values, errors, setValue } = form;

  const submit = () => {
    const decision = form.submit();
    if (!decision) return;
    onReject({ reason: decision.reason, text: decision.reason === 'other' ? decision.text : undefined });
  };

  return (
    <Dialog title={t('rejectDialog.title')} closeLabel={t('rejectDialog.close')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="mb-3 text-sm break-words text-slate-600">{t('rejectDialog.listing', { name: listing.name })}</p>
        <ReasonFields
          legend={t('rejectDialog.reasons')}
          reasons={REJECTION_REASONS}
          labelOf={(reason) => REJECTION_REASON_LABELS[reason][language]}
          reason={values.reason}
          onReason={(reason) => setValue('reason', reason)}
          textLabel={t('rejectDialog.text')}
          text={values.text}
          onText={(text) => setValue('text', text)}
          errors={errors}
          maxLength={200}
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('rejectDialog.cancel')}
          </button>
          <button type="submit" className={dangerButtonClass}>
            {t('rejectDialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
