import { Link } from 'react-router-dom';
import { LISTING_STATUS_LABELS, rejectionReasonText, type ListingStatus } from '@market/contracts';
import { useFavouriteStatus } from '../features/favourites/api/favourites';
import { useMyListings } from '../features/sell/api/get-my-listings';
import { ChannelProgress } from '../features/sell/components/channel-progress';
import { draftPath, editListingPath } from '../features/sell/paths';
import { useLanguage, useTranslation } from '../lib/i18n';

export interface OwnerNoticeProps {
  id: string;
  status: ListingStatus;
  /** Moderation's reason of a rejected listing. */
  rejectionReason: string | null;
  views: number;
}

const LINK = 'mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800';

/**
 * The author's view of their own listing: where it stands, how it does (views, favourites and each
 * channel's post, in place of the call buttons a visitor gets), and for a rejected one why and what
 * to do about it. Only the author gets here (the API answers `owner` to them alone). Composed
 * here: it joins the listings page with the sell paths; statuses and reasons are the contracts' labels.
 */
export function OwnerNotice({ id, status, rejectionReason, views }: OwnerNoticeProps) {
  const { t } = useTranslation('listing-page');
  const language = useLanguage();
  const rejected = status === 'cancelled';
  return (
    <section
      role="status"
      aria-labelledby={`owner-${id}`}
      className={`mb-4 rounded-xl border p-4 ${rejected ? 'border-red-200 bg-red-50 text-red-900' : 'border-brand-200 bg-brand-50 text-slate-900'}`}
    >
      <h2 id={`owner-${id}`} className="text-sm font-medium">
        {t('owner.title')}
      </h2>
      <p className="mt-1 text-lg font-semibold">{LISTING_STATUS_LABELS[status][language]}</p>
      {rejected && rejectionReason && (
        <p className="mt-1">
          {t('owner.reason', { reason: rejectionReasonText(rejectionReason, language) })}
        </p>
      )}
      <p className="mt-1 text-sm">{t(`owner.explain.${status}`)}</p>
      {status !== 'draft' && <OwnerStats id={id} views={views} />}
      {rejected && (
        <Link to={editListingPath(id)} className={LINK}>
          {t('owner.fix')}
        </Link>
      )}
      {status === 'draft' && (
        <Link to={draftPath(id)} className={LINK}>
          {t('owner.continue')}
        </Link>
      )}
    </section>
  );
}

/** The heart's count and 'Mening e'lonlarim''s channel posts, the author's own. */
function OwnerStats({ id, views }: { id: string; views: number }) {
  const { t } = useTranslation('listing-page');
  const favourites = useFavouriteStatus(id, true).data?.count;
  const channels = useMyListings().data?.phones.find((listing) => listing._id === id)?.channels;
  return (
    <>
      <dl className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <div>
          <dt className="inline">{t('owner.views')}:</dt> <dd className="inline font-semibold">{views}</dd>
        </div>
        {favourites !== undefined && (
          <div>
            <dt className="inline">{t('owner.favourites')}:</dt> <dd className="inline font-semibold">{favourites}</dd>
          </div>
        )}
      </dl>
      {channels && <ChannelProgress channels={channels} />}
    </>
  );
}
