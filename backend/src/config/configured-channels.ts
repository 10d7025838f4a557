import { SOCIAL_CHANNELS, type SocialChannel } from '@market/contracts';
import type { Config } from './config.schema';

/**
 * The social channels this site can post to: each needs its account and its token. The workers'
 * publishers (ChannelPublishers) skip the others as 'not set up'; their spec holds them to this.
 */
export function configuredChannels(config: Config): SocialChannel[] {
  const accountAndToken: Record<SocialChannel, [string, string]> = {
    telegram: [config.TELEGRAM_CHANNEL_ID, config.TELEGRAM_BOT_TOKEN],
    instagram: [config.INSTAGRAM_USER_ID, config.INSTAGRAM_ACCESS_TOKEN],
    facebook: [config.FACEBOOK_PAGE_ID, config.FACEBOOK_PAGE_TOKEN],
  };
  return SOCIAL_CHANNELS.filter((channel) => accountAndToken[channel].every(Boolean));
}
