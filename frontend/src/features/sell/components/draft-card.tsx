import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardPhoto } from '../../../components/listing-photo';
import { LISTING_STATUS_LABELS } from '@market/contracts';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import type { MyListing } from '../api/my-listings-cache';
import { draftPath } from '../paths';
import { LAST_STEP } from '../wizard-steps';

/** An unfinished listing: it opens the wizard at the step it reached, not a detail page it does not have yet. */
export function DraftCard({ listing, actions }: { listing: MyListing; actions: ReactNode }) {
  const { t } = useTranslation('sell');
  const language = useLanguage();
  const name = listing.name || t('my.draftWithoutDevice');
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-dashed border-slate-300 bg-white">
      <Link
        to={draftPath(listing._id)}
        className="flex flex-1 gap-3 p-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
      >
        <CardPhoto src={listing.image?.location} alt={t('my.photoAlt', { name })} />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="mb-1 self-start rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{LISTING_STATUS_LABELS.draft[language]}</span>
          <h3 className="line-clamp-2 font-medium break-words text-slate-900">{name}</h3>
          <p className="mt-auto pt-2 text-sm text-slate-600">{t('my.draftStep', { step: listing.step + 1, total: LAST_STEP + 1 })}</p>
        </div>
      </Link>
      <div className="border-t border-slate-100 px-3 py-2">{actions}</div>
    </article>
  );
}
