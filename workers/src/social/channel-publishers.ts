import { Injectable } from '@nestjs/common';
import { AppConfig } from '@market/backend';
import { miniAppLink, type SocialChannel } from '@market/contracts';
import { DestinationPacer } from '../pacing/destination-pacer';
import { TelegramPacing } from '../pacing/telegram-pacing';
import type { ChannelPublisher } from './channels/channel-publisher';
import { FacebookPublisher } from './channels/facebook.publisher';
import { InstagramPublisher } from './channels/instagram.publisher';
import { TelegramChannelPublisher } from './channels/telegram.publisher';

/** One publisher per social channel, built from the configuration. */
@Injectable()
export class ChannelPublishers {
  private readonly publishers: Record<SocialChannel, ChannelPublisher>;

  constructor(config: AppConfig, pacer: DestinationPacer, telegramPacing: TelegramPacing) {
    const graph = { graphUrl: config.GRAPH_API_URL, slowDownPercent: config.GRAPH_USAGE_SLOWDOWN_PERCENT, timeScale: config.CHANNEL_PACING_TIME_SCALE, pacer };
    this.publishers = {
      telegram: new TelegramChannelPublisher({
        apiRoot: config.TELEGRAM_API_URL,
        token: config.TELEGRAM_BOT_TOKEN || undefined,
        channelId: config.TELEGRAM_CHANNEL_ID || undefined,
        pacing: telegramPacing,
        appLinkOf: (listingId) => miniAppLink(config.TELEGRAM_BOT_USERNAME, config.TELEGRAM_MINI_APP_NAME, { listingId }),
      }),
      instagram: new InstagramPublisher({
        ...graph,
        graphUrl: config.INSTAGRAM_GRAPH_API_URL,
        userId: config.INSTAGRAM_USER_ID || undefined,
        accessToken: config.INSTAGRAM_ACCESS_TOKEN || undefined,
        postsPerDay: config.INSTAGRAM_POSTS_PER_DAY,
      }),
      facebook: new FacebookPublisher({
        ...graph,
        pageId: config.FACEBOOK_PAGE_ID || undefined,
        pageToken: config.FACEBOOK_PAGE_TOKEN || undefined,
      }),
    };
  }

  of(channel: SocialChannel): ChannelPublisher {
    return this.publishers[channel];
  }
}
