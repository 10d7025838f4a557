import { useState } from 'react';
import { canDo, rejectionReasonText, statusAfter, tariffOf, type ModerationCard } from '@market/contracts';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { formatTashkentTime } from '../../../lib/format';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useApproveListing, usePublishListing } from '../api/confirm-listing';
import { useMessagesLooked } from '../api/messages-looked';
import type { ModerationQueueParams } from '../api/get-moderation-queue';
import { useRejectListing } from '../api/reject-listing';
import { CatalogueModelDialog } from './catalogue-model-dialog';
import { ChannelStates } from './channel-states';
import { ListingRecord } from './listing-record';
import { OpenReports } from './open-reports';
import { RiskFindings } from './risk-findings';
import { RejectDialog } from './reject-dialog';

// Small text, yet a finger-sized target: admins decide on phones too.
const SMALL_BUTTON = 'min-h-11 px-3 py-1.5 text-sm';
const outlineButtonClass =
  'min-h-11 rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface ModerationBarProps {
  listing: ModerationCard;
  /** The tab and page the card is on: a decision takes it off that page at once. */
  queue: ModerationQueueParams;
}

/**
 * The admins' bar under a card (spec sections 2 and 4): the author, the rejection reason,
 * each channel's state, 'Tasdiqlash' and 'Rad etish' where the decision would move the
 * listing to another tab, and for an active listing a Post button per channel of its tariff
 * not posted yet, which posts to that channel.
 */
export function ModerationBar({ listing, queue }: ModerationBarProps) {
  const { t } = useTranslation('moderation');
  const language = useLanguage();
  const approve = useApproveListing(queue);
  const reject = useRejectListing(queue);
  const publish = usePublishListing(queue);
  const looked = useMessagesLooked(queue);
  const [rejecting, setRejecting] = useState(false);
  const [addingModel, setAddingModel] = useState(false);

  // A decision is offered where it moves the card to another tab: rejecting again is not.
  const decides = (action: 'approve' | 'reject') =>
    canDo(action, listing.status, 'admin') && statusAfter(action, listing.status) !== listing.status;
  const canApprove = decides('approve');
  const canReject = decides('reject');
  // A listing on sale in the waiting tab is there for its seller's flagged messages (its findings say so).
  const forMessages = queue.status === 'waiting' && listing.status === 'active';
  const { channels } = tariffOf(listing.tarif);
  const showChannels = channels.length > 0 || Object.keys(listing.posts).length > 0;
  // A queued channel is on its way; a click on any Post button hides them all (spec section 4, Promotion).
  const postable =
    canDo('post', listing.status, 'admin') && !publish.isPending
      ? channels.filter((channel) => !listing.posts[channel]?.posted && listing.posts[channel]?.state !== 'queued')
      : [];

  return (
    <div role="group" aria-label={t('actionsOf', { name: listing.name })} className="space-y-2 text-sm">
      <p className="text-slate-600">
        {t('author')}: <span className="font-medium text-slate-900">{listing.authorName || t('noAuthor')}</span>
      </p>
      {listing.imei.length > 0 && (
        <p className="text-slate-600">
          IMEI: <span className="font-medium break-all text-slate-900">{listing.imei.join(', ')}</span>
        </p>
      )}
      {listing.uzimeiRegistered !== null && (
        <p className="text-slate-600">
          {t(listing.uzimeiRegistered ? 'uzimeiRegistered' : 'uzimeiNotRegistered')}
          {listing.noInstalmentDebt && ` · ${t('noInstalmentDebt')}`}
        </p>
      )}
      {listing.editedAt && (
        <p className="w-fit rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-900">
          {t('editedOnSale', { time: formatTashkentTime(listing.editedAt) })}
        </p>
      )}
      {listing.status === 'cancelled' && listing.rejectionReason && (
        <p className="break-words text-red-700">
          {t('reason')}: {rejectionReasonText(listing.rejectionReason, language)}
        </p>
      )}
      {listing.customModel && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-900">{t('customModel.badge')}</p>
          <button
            type="button"
            onClick={() => setAddingModel(true)}
            className={`${outlineButtonClass} border-brand-600 bg-white text-brand-800 hover:bg-brand-50`}
          >
            {t('customModel.addModel')}
          </button>
        </div>
      )}
      <ListingRecord listing={listing} />
      {forMessages && <p className="w-fit rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-900">{t('forMessages')}</p>}
      <RiskFindings checks={listing.checks} />
      <OpenReports reports={listing.reports} />
      {showChannels && <ChannelStates posts={listing.posts} />}
      {publish.isPending && (
        <p role="status" className="text-slate-600">
          {t('busy')}
        </p>
      )}
      {(canApprove || canReject || forMessages || postable.length > 0) && (
        <div className="flex flex-wrap gap-2 pt-1">
          {canApprove && (
            <button
              type="button"
              disabled={approve.isPending}
              aria-busy={approve.isPending}
              onClick={() => approve.mutate({ card: listing })}
              className={`${primaryButtonClass} ${SMALL_BUTTON}`}
            >
              {approve.isPending ? t('busy') : t('approve')}
            </button>
          )}
          {forMessages && (
            <button
              type="button"
              disabled={looked.isPending}
              aria-busy={looked.isPending}
              onClick={() => looked.mutate({ card: listing })}
              className={`${primaryButtonClass} ${SMALL_BUTTON}`}
            >
              {looked.isPending ? t('busy') : t('messagesLooked')}
            </button>
          )}
          {canReject && (
            <button
              type="button"
              onClick={() => setRejecting(true)}
              className={`${outlineButtonClass} border-red-300 bg-white text-red-700 hover:bg-red-50`}
            >
              {t('reject')}
            </button>
          )}
          {postable.map((channel) => (
            <button
              key={channel}
              type="button"
              onClick={() => publish.mutate({ card: listing, channel })}
              className={`${outlineButtonClass} border-brand-600 bg-white text-brand-800 hover:bg-brand-50`}
            >
              {t(`channels.post.${channel}`)}
            </button>
          ))}
        </div>
      )}
      {addingModel && listing.customModel && (
        <CatalogueModelDialog listing={{ ...listing, customModel: listing.customModel }} onClose={() => setAddingModel(false)} />
      )}
      {rejecting && (
        <RejectDialog
          listing={listing}
          onClose={() => setRejecting(false)}
          onReject={(decision) => {
            setRejecting(false);
            reject.mutate({ card: listing, ...decision });
          }}
        />
      )}
    </div>
  );
}
