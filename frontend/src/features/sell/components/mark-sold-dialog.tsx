import { markSoldSchema } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { groupDigitsAsTyped } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useMarkSold } from '../api/mark-sold';
import type { MyListing } from '../api/my-listings-cache';

/** 'Sotildi': the listing goes off sale; the price it sold for (in its currency) is asked, not required. */
export function MarkSoldDialog({ listing, onClose }: { listing: MyListing; onClose: () => void }) {
  const { t } = useTranslation('sell');
  const markSold = useMarkSold();
  const form = useZodForm(markSoldSchema, { price: '' as string | undefined });
  const { values, errors, setValue } = form;

  const submit = () => {
    const sale = form.submit();
    if (!sale) return;
    // The card leaves its tab at once, and this dialog with it; the answer is told as a notification.
    markSold.mutate({ id: listing._id, ...sale });
    onClose();
  };

  return (
    <Dialog title={t('my.soldTitle')} description={t('my.soldHint')} closeLabel={t('my.soldCancel')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={`${t('my.soldPrice')} (${t(`price.currencies.${listing.valut}`)})`}
          value={values.price ?? ''}
          // Left empty, the listing's own price counts.
          onChange={(text) => setValue('price', groupDigitsAsTyped(text).text || undefined)}
          error={errors.price}
          inputMode="numeric"
          autoComplete="off"
        />
        <div className="mt-5 flex justify-end">
          <SubmitButton busy={markSold.isPending} busyLabel={t('my.soldSubmit')}>
            {t('my.soldSubmit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
