import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteListing } from '../api/delete-listing';
import { useMyListings } from '../api/get-my-listings';
import type { MyListing } from '../api/my-listings-cache';
import { draftPath } from '../paths';
import { LAST_STEP } from '../wizard-steps';

/**
 * A new listing while an unfinished one waits: the seller continues the latest draft, or
 * starts over, which deletes it (each visit used to start one more draft). Without a draft,
 * or when the list cannot be read, the wizard starts at once.
 */
export function LatestDraftOffer({ children }: { children: ReactNode }) {
  const { t } = useTranslation('sell');
  const mine = useMyListings();
  const deletion = useDeleteListing();
  // Decided once, on arrival: the wizard's own draft, saved as the seller moves on, must not bring the offer back.
  const [latest, setLatest] = useState<MyListing | null | undefined>(undefined);
  if (latest === undefined && !mine.isPending) {
    // The seller's listings come newest first.
    setLatest(mine.data?.phones.find((listing) => listing.status === 'draft') ?? null);
  }
  if (latest === undefined) return <FullScreenLoader />;
  if (latest === null) return children;
  return (
    <section aria-labelledby="latest-draft" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="latest-draft" className="text-lg font-semibold text-slate-900">
        {t('draft.offer')}
      </h2>
      <p className="mt-2 font-medium break-words text-slate-900">{latest.name || t('my.draftWithoutDevice')}</p>
      <p className="text-sm text-slate-600">{t('my.draftStep', { step: latest.step + 1, total: LAST_STEP + 1 })}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link to={draftPath(latest._id)} className={`${primaryButtonClass} text-center`}>
          {t('my.continue')}
        </Link>
        <button
          type="button"
          disabled={deletion.isPending}
          aria-busy={deletion.isPending}
          onClick={() => deletion.mutate(latest._id, { onSuccess: () => setLatest(null) })}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('draft.startOver')}
        </button>
      </div>
    </section>
  );
}
