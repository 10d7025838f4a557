import { useId } from 'react';
import { REJECTION_REASONS, rejectListingSchema, type ModerationCard, type RejectionReason } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { FieldError } from '../../../components/form/field-error';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n';

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
  const form = useZodForm(rejectListingSchema, { id: listing._id, reason: '' as RejectionReason | '', text: '' });
  const { values, errors, setValue } = form;
  const reasonErrorId = useId();

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
        <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('rejectDialog.reasons')}</legend>
          <div className="space-y-1">
            {REJECTION_REASONS.map((reason) => (
              <label key={reason} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={values.reason === reason}
                  onChange={() => setValue('reason', reason)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="text-slate-900">{t(`reasons.${reason}`)}</span>
              </label>
            ))}
          </div>
          <FieldError id={reasonErrorId} messageKey={errors.reason} />
        </fieldset>
        {values.reason === 'other' && (
          <div className="mt-3">
            <TextField
              label={t('rejectDialog.text')}
              value={values.text}
              onChange={(text) => setValue('text', text)}
              error={errors.text}
              maxLength={200}
              autoFocus
            />
          </div>
        )}
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
