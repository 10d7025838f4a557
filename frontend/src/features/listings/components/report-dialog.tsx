import { LIMITS, listingReportSchema, REPORT_REASONS, REPORTS_TO_HIDE, type ReportReason } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { errorText } from '../../../components/form/form-error';
import { ReasonFields } from '../../../components/form/reason-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useReportListing } from '../api/report-listing';

/** The report form: its schema and form code load when a buyer opens it, not with the listing's page. */
export default function ReportDialog({ listingId, onClose, onReported }: { listingId: string; onClose: () => void; onReported: () => void }) {
  const { t } = useTranslation('listing-page');
  const report = useReportListing(listingId);
  const form = useZodForm(listingReportSchema, { reason: '' as ReportReason | '', text: '' });
  const { values, errors, setValue } = form;

  const submit = () => {
    const body = form.submit();
    if (!body) return;
    report.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message[currentLanguage()], { action: 'report-listing' });
        onReported();
      },
      onError: (error) => {
        form.showServerFields(error);
        // Already reported: nothing more to do here.
        if (error instanceof ApiError && error.status === 409) onReported();
        toast.error(errorText(error), { action: 'report-listing' });
      },
    });
  };

  return (
    <Dialog title={t('report.title')} description={t('report.description', { count: REPORTS_TO_HIDE })} closeLabel={t('report.close')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ReasonFields
          legend={t('report.reasons')}
          reasons={REPORT_REASONS}
          labelOf={(reason) => t(`report.reason.${reason}`)}
          reason={values.reason}
          onReason={(reason) => setValue('reason', reason)}
          textLabel={t('report.text')}
          text={values.text}
          onText={(text) => setValue('text', text)}
          errors={errors}
          maxLength={LIMITS.reportTextMax}
        />
        <div className="mt-5 flex justify-end">
          <SubmitButton busy={report.isPending} busyLabel={t('report.sending')}>
            {t('report.submit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
