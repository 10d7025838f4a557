import { useState } from 'react';
import { Link } from 'react-router-dom';
import { canDo, rejectionReasonText, type ListingAction } from '@market/contracts';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import type { MyListing } from '../api/my-listings-cache';
import { usePutOnSale } from '../api/put-on-sale';
import { ChannelProgress } from './channel-progress';
import { useTakeOffSale } from '../api/take-off-sale';
import { draftPath, editListingPath } from '../paths';
import { MarkSoldDialog } from './mark-sold-dialog';

const actionClass =
  'inline-flex min-h-11 items-center rounded-md px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';

/** The author's bar under a card: edit (or continue a draft), take off sale or put back, delete; each where the lifecycle allows it. */
export function ListingActions({ listing, onDelete }: { listing: MyListing; onDelete: () => void }) {
  const { t } = useTranslation('sell');
  const offSale = useTakeOffSale();
  const onSale = usePutOnSale();
  const label = listing.name || t('my.draftWithoutDevice');
  const allows = (action: ListingAction) => canDo(action, listing.status, 'author');
  const [selling, setSelling] = useState(false);

  return (
    <div>
      {listing.status === 'cancelled' && listing.rejectionReason && <RejectionReason reason={listing.rejectionReason} />}
      <ChannelProgress channels={listing.channels} />
      <div role="group" aria-label={t('my.actions', { name: label })} className="-mx-1 flex flex-wrap gap-1">
        {allows('submit') && (
          <Link to={draftPath(listing._id)} className={`${actionClass} text-brand-700 hover:bg-brand-50`}>
            {t('my.continue')}
          </Link>
        )}
        {allows('edit') && (
          <Link to={editListingPath(listing._id)} className={`${actionClass} text-brand-700 hover:bg-brand-50`}>
            {t('my.edit')}
          </Link>
        )}
        {allows('offSale') && (
          <button type="button" onClick={() => offSale.mutate(listing._id)} disabled={offSale.isPending} className={`${actionClass} text-slate-700 hover:bg-slate-100`}>
            {t('my.takeOffSale')}
          </button>
        )}
        {allows('markSold') && (
          <button type="button" onClick={() => setSelling(true)} className={`${actionClass} text-slate-700 hover:bg-slate-100`}>
            {t('my.markSold')}
          </button>
        )}
        {allows('onSale') && (
          <button type="button" onClick={() => onSale.mutate(listing._id)} disabled={onSale.isPending} className={`${actionClass} text-slate-700 hover:bg-slate-100`}>
            {t('my.putOnSale')}
          </button>
        )}
        {allows('delete') && (
          <button type="button" onClick={onDelete} className={`${actionClass} ml-auto text-red-700 hover:bg-red-50`}>
            {t('my.delete')}
          </button>
        )}
      </div>
      {selling && <MarkSoldDialog listing={listing} onClose={() => setSelling(false)} />}
    </div>
  );
}

/** Moderation's reason: one of the fixed codes, translated, or the admin's own words. */
function RejectionReason({ reason }: { reason: string }) {
  const { t } = useTranslation('sell');
  const language = useLanguage();
  return (
    <p className="mb-2 rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800">
      <span className="font-medium">{t('my.rejectionReason')}:</span> {rejectionReasonText(reason, language)}
    </p>
  );
}
