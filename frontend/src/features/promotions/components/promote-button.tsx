import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n';
import { ListingPromotions, type RenderTopUpDialog } from './listing-promotions';

/** 'Reklama qilish' under a listing in "Mening e'lonlarim": the listing's promotions in a dialog. */
export function PromoteButton({ listingId, topUpDialog }: { listingId: string; topUpDialog: RenderTopUpDialog }) {
  const { t } = useTranslation('promotions');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-700 hover:bg-brand-50"
      >
        {t('promote')}
      </button>
      {open && (
        <Dialog title={t('title')} closeLabel={t('close')} onClose={() => setOpen(false)} size="lg">
          <ListingPromotions listingId={listingId} onSale topUpDialog={topUpDialog} />
        </Dialog>
      )}
    </>
  );
}
