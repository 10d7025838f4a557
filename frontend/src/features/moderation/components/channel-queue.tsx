import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelFailure, ChannelLine, SocialChannel } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { useTranslation } from '../../../lib/i18n';
import { formatTashkentEta } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { confirmListing } from '../api/confirm-listing';
import { CHANNEL_QUEUE_KEY, useChannelQueue } from '../api/get-channel-queue';
import { MODERATION_QUEUE_KEY } from '../api/get-moderation-queue';
import { TitledSection } from '../../../components/titled-section';

/**
 * Each channel's line for admins: how many posts wait (for a worker or for the platform's
 * limit), when the next is due, and the latest failures with their reason and a retry, which
 * queues the listing again on the channels it is not posted to.
 */
export function ChannelQueue() {
  const { t } = useTranslation('moderation');
  const queue = useChannelQueue();
  if (!queue.data) return null;
  return (
    <TitledSection title={t('channelQueue.title')} className="mb-4 rounded-xl border border-slate-200 bg-white p-3" titleClassName="mb-2 font-semibold text-slate-900">
      <ul className="grid gap-3 md:grid-cols-3">
        {queue.data.channels.map((line) => (
          <ChannelLineView key={line.channel} line={line} />
        ))}
      </ul>
    </TitledSection>
  );
}

function ChannelLineView({ line }: { line: ChannelLine }) {
  const { t } = useTranslation('moderation');
  const name = t(`channels.names.${line.channel}`);
  return (
    <li aria-label={name} className="min-w-0 rounded-lg bg-slate-50 p-2 text-sm">
      <p className="font-medium text-slate-800">{name}</p>
      <p className="text-slate-700">{t('channelQueue.waiting', { count: line.waiting })}</p>
      {line.waiting > 0 && (
        <p className="text-slate-600">
          {line.nextEta ? t('channelQueue.nextAt', { time: formatTashkentEta(line.nextEta) }) : t('channelQueue.nextNow')}
        </p>
      )}
      {line.failures.length > 0 && (
        <ul aria-label={t('channelQueue.failures')} className="mt-2 space-y-2">
          {line.failures.map((failure) => (
            <FailureView key={failure.listingId} failure={failure} channel={line.channel} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A failed post and its 'Qayta urinish', which posts to this channel only. */
function FailureView({ failure, channel }: { failure: ChannelFailure; channel: SocialChannel }) {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => confirmListing({ id: failure.listingId, channel }),
    onError: (error) => toast.error(t('publishFailed', { name: failure.name, reason: errorText(error) })),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: CHANNEL_QUEUE_KEY }), queryClient.invalidateQueries({ queryKey: MODERATION_QUEUE_KEY })]),
  });
  return (
    <li className="min-w-0 border-t border-slate-200 pt-2">
      <p className="font-medium break-words text-slate-800">{failure.name}</p>
      <p className="break-words text-red-700">{t('channels.states.failed', { reason: failure.reason || t('channels.unknownError') })}</p>
      <button
        type="button"
        onClick={() => retry.mutate()}
        disabled={retry.isPending}
        className="mt-1 min-h-11 rounded-lg border border-brand-700 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        {retry.isPending ? t('busy') : t('channelQueue.retry')}
      </button>
    </li>
  );
}
