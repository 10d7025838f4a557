import type { SocialChannel } from '@market/contracts';
import type { TFunction } from '../../lib/i18n';

/** The spec's order of the channels: 'Saytda, Facebook, Instagram va Telegram kanalida'. */
const CHANNELS_SAID: readonly SocialChannel[] = ['facebook', 'instagram', 'telegram'];

/** Where a tariff's listing appears: the website, and the channels it posts to as the site is set up; `t` reads 'sell'. */
export function tariffReach(channels: readonly SocialChannel[], t: TFunction): string {
  const names = CHANNELS_SAID.filter((channel) => channels.includes(channel)).map((channel) => t(`tariff.channelNames.${channel}`));
  const last = names.pop();
  if (!last) return t('tariff.websiteOnly');
  return t('tariff.onChannels', { channels: names.length ? `${names.join(', ')} ${t('tariff.and')} ${last}` : last });
}
