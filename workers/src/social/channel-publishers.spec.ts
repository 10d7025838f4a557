import { configuredChannels, type AppConfig } from '@market/backend';
import { SOCIAL_CHANNELS } from '@market/contracts';
import { testConfig } from '../../../test/support/config';
import type { DestinationPacer } from '../pacing/destination-pacer';
import type { TelegramPacing } from '../pacing/telegram-pacing';
import { ChannelPublishers } from './channel-publishers';

describe('ChannelPublishers', () => {
  it('posts to the channels the tariff step names and skips the others as not set up', () => {
    const setUps = [
      {},
      { TELEGRAM_BOT_TOKEN: '1:t0k3n', TELEGRAM_CHANNEL_ID: '@telefonbozor' },
      { TELEGRAM_CHANNEL_ID: '@telefonbozor' },
      { INSTAGRAM_USER_ID: '17841400000000000', INSTAGRAM_ACCESS_TOKEN: 'EAAGt0k3n', FACEBOOK_PAGE_ID: '100000000000001' },
      { FACEBOOK_PAGE_ID: '100000000000001', FACEBOOK_PAGE_TOKEN: 'EAAGp4ge' },
    ];
    for (const setUp of setUps) {
      const config = testConfig(setUp) as AppConfig;
      const publishers = new ChannelPublishers(config, {} as DestinationPacer, {} as TelegramPacing);
      expect(SOCIAL_CHANNELS.filter((channel) => publishers.of(channel).configured)).toEqual(configuredChannels(config));
    }
  });
});
