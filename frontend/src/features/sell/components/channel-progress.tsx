import { SOCIAL_CHANNELS, type SellerChannelPosts } from '@market/contracts';
import { formatTashkentEta } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/**
 * A paid listing's channels for its seller: 'Instagram: navbatda, taxminan 14:20', posted with the link,
 * failed, or skipped with why ('o'tkazib yuborildi (kanal hali ulanmagan)').
 */
export function ChannelProgress({ channels: posts }: { channels: SellerChannelPosts }) {
  const { t } = useTranslation('sell');
  const channels = SOCIAL_CHANNELS.flatMap((channel) => {
    const post = posts[channel];
    return post ? [{ channel, post }] : [];
  });
  if (!channels.length) return null;
  return (
    <ul aria-label={t('my.channels.label')} className="mb-2 space-y-0.5 text-sm">
      {channels.map(({ channel, post }) => (
        <li key={channel} className={post.state === 'failed' ? 'text-red-700' : post.state === 'skipped' ? 'text-amber-800' : 'text-slate-700'}>
          <span className="font-medium">{t(`my.channels.names.${channel}`)}:</span>{' '}
          {post.state === 'posted' && post.link ? (
            <a href={post.link} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-brand-700 underline">
              {t('my.channels.posted')}
            </a>
          ) : post.state === 'queued' && post.eta ? (
            t('my.channels.queuedAt', { time: formatTashkentEta(post.eta) })
          ) : post.state === 'skipped' ? (
            t(`my.channels.skipped.${post.skipped ?? 'unknown'}`)
          ) : (
            t(`my.channels.${post.state}`)
          )}
        </li>
      ))}
    </ul>
  );
}
