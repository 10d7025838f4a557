import { useState } from 'react';
import { markSoldSchema } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { groupDigitsAsTyped } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDealCandidates } from '../api/deal-candidates';
import { useMarkSold } from '../api/mark-sold';
import type { MyListing } from '../api/my-listings-cache';

/** 'Sotildi': the listing goes off sale; the price it sold for (in its currency) is asked, not required. */
export function MarkSoldDialog({ listing, onClose }: { listing: MyListing; onClose: () => void }) {
  const { t } = useTranslation('sell');
  const { t: tr } = useTranslation('reputation');
  const markSold = useMarkSold();
  const candidates = useDealCandidates(listing._id);
  // Empty: sold elsewhere, no deal; a buyer who wrote and got an answer makes a deal they confirm.
  const [buyerId, setBuyerId] = useState('');
  // No price typed is no price: the listing's own counts (an empty string would be refused as a missing price).
  const form = useZodForm(markSoldSchema, { price: undefined as string | undefined });
  const { values, errors, setValue } = form;

  const submit = () => {
    const sale = form.submit();
    if (!sale) return;
    // The card leaves its tab at once, and this dialog with it; the answer is told as a notification.
    markSold.mutate({ id: listing._id, ...sale, buyerId: buyerId || undefined });
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
        {(candidates.data?.buyers.length ?? 0) > 0 && (
          <label className="mt-4 grid gap-1 text-sm font-medium text-slate-800">
            {tr('sold.buyer')}
            <select value={buyerId} onChange={(event) => setBuyerId(event.target.value)} className="min-h-11 rounded-lg border border-slate-300 px-2">
              <option value="">{tr('sold.elsewhere')}</option>
              {candidates.data!.buyers.map((buyer) => (
                <option key={buyer.id} value={buyer.id}>
                  {buyer.name ?? tr('anonymous')}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="mt-5 flex justify-end">
          <SubmitButton busy={markSold.isPending} busyLabel={t('my.soldSubmit')}>
            {t('my.soldSubmit')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
