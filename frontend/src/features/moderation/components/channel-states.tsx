import { SOCIAL_CHANNELS, type AdminChannelPost, type AdminListingPosts, type SocialChannel } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';

type ShownState = NonNullable<AdminChannelPost['state']> | 'none';

const DOT: Record<ShownState, string> = {
  none: 'bg-slate-300',
  queued: 'bg-amber-500',
  posted: 'bg-emerald-600',
  failed: 'bg-red-600',
  skipped: 'bg-slate-400',
};

function shownState(post: AdminChannelPost | undefined): ShownState {
  if (post?.posted) return 'posted';
  return post?.state ?? 'none';
}

/** Where a listing stands on each social channel, for admins: queued, posted with its link, failed with the reason, skipped. */
export function ChannelStates({ posts }: { posts: AdminListingPosts }) {
  const { t } = useTranslation('moderation');
  return (
    <ul aria-label={t('channels.label')} className="space-y-1">
      {SOCIAL_CHANNELS.map((channel) => (
        <ChannelState key={channel} channel={channel} post={posts[channel]} />
      ))}
    </ul>
  );
}

function ChannelState({ channel, post }: { channel: SocialChannel; post: AdminChannelPost | undefined }) {
  const { t } = useTranslation('moderation');
  const state = shownState(post);
  return (
    <li className="flex min-w-0 items-baseline gap-2">
      <span aria-hidden className={`inline-block h-2 w-2 shrink-0 translate-y-[-1px] rounded-full ${DOT[state]}`} />
      <span className="shrink-0 font-medium text-slate-800">{t(`channels.names.${channel}`)}:</span>{' '}
      <span className={`min-w-0 break-words ${state === 'failed' ? 'text-red-700' : 'text-slate-600'}`}>
        {t(`channels.states.${state}`, { reason: post?.reason || t('channels.unknownError') })}
        {state === 'posted' && post?.link && (
          <>
            {' '}
            <a href={post.link} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 underline hover:text-brand-800">
              {post.link.replace(/^https?:\/\//, '')}
            </a>
          </>
        )}
      </span>
    </li>
  );
}
