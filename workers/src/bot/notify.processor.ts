import { Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES, formatAmount, parseEventPayload, type EventName, type Language } from '@market/contracts';
import { TelegramLinkService } from '../../../backend/src/telegram/telegram-link.service';
import { CHANNEL_LABELS, REJECTION_LABELS, botText } from './bot-texts';
import { SellerBot } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';
import { QueueProcessor } from '../queue-processor';

interface Notification {
  userId: string;
  text: (language: Language) => string;
}

/**
 * Tells sellers through the bot what happened: approved, rejected, posted, balance topped up.
 * A job sends at most one message: its key is recorded after the send, and a job whose key
 * is already there does nothing.
 */
@Processor(QUEUES.notify)
export class NotifyProcessor extends QueueProcessor {

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bot: SellerBot,
    private readonly links: TelegramLinkService,
    private readonly listings: SellerListingsLookup,
  ) {
    super();
  }

  async process(job: Job): Promise<void> {
    if (!this.bot.configured) return;
    const key = `${QUEUES.notify}:${job.id}`;
    const [delivered] = await this.dataSource.query(`SELECT 1 FROM notification_delivery WHERE job_key = $1`, [key]);
    if (delivered) return;

    const notification = await this.notificationOf(job.name as EventName, job.data);
    if (!notification) return;
    const subscription = await this.links.subscriptionOf(notification.userId);
    if (!subscription) return;
    await this.bot.send(subscription.chatId, notification.text(subscription.language));
    await this.dataSource.query(`INSERT INTO notification_delivery (job_key) VALUES ($1) ON CONFLICT DO NOTHING`, [key]);
  }

  private async notificationOf(event: EventName, data: unknown): Promise<Notification | null> {
    switch (event) {
      case 'listing.approved': {
        const { listingId } = parseEventPayload(event, data);
        const listing = await this.listings.find(listingId);
        return listing && {
          userId: listing.authorId,
          text: (language) => botText('approved', language, { name: listing.name ?? '', link: this.listings.linkOf(listingId) }),
        };
      }
      case 'listing.rejected': {
        const { listingId, reason } = parseEventPayload(event, data);
        const listing = await this.listings.find(listingId);
        // A fixed reason arrives as its code; 'other' as the admin's own words.
        const label = REJECTION_LABELS[reason as keyof typeof REJECTION_LABELS];
        return listing && {
          userId: listing.authorId,
          text: (language) =>
            botText('rejected', language, { name: listing.name ?? '', reason: label ? label[language] : reason }),
        };
      }
      case 'listing.posted': {
        const { listingId, channel, link } = parseEventPayload(event, data);
        const listing = await this.listings.find(listingId);
        return listing && {
          userId: listing.authorId,
          text: (language) => botText('posted', language, { name: listing.name ?? '', links: `${CHANNEL_LABELS[channel]}: ${link}` }),
        };
      }
      case 'payment.confirmed': {
        const { userId, amount } = parseEventPayload(event, data);
        return { userId, text: (language) => botText('toppedUp', language, { amount: formatAmount(amount) }) };
      }
      default:
        this.logger.warn(`The notify queue has no message for ${event}`);
        return null;
    }
  }
}
