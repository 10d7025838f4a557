import { DelayedError, Job } from 'bullmq';
import { AppConfig, ConversationsService, DealsService, NotificationsService, TelegramLinkService } from '@market/backend';
import { LANGUAGES, QUEUES, SAFETY_WARNING, formatAmount, messageWarningText, parseEventPayload, rejectionReasonText, type Language, type NotificationKind, type Translated } from '@market/contracts';
import { CHANNEL_LABELS, botText } from './bot-texts';
import { SellerBot, withAppButton, type BotMessage } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';
import { TelegramPacing } from '../pacing/telegram-pacing';
import { CAPTION_LIMIT } from '../social/caption';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

interface Notification {
  userId: string;
  kind: NotificationKind;
  /** Where on the site it leads (a path). */
  link: string | null;
  text: (language: Language) => string;
  /** False for what the inbox does not keep (each message of a conversation: the thread has them). */
  inbox?: boolean;
  /** Told the id of the bot's message once sent (a relayed message, which a reply answers). */
  sent?: (chatId: string, botMessageId: number) => Promise<void>;
  /** Sent to a chat as this photo with the text as its caption, when the text fits a caption. */
  photoUrl?: string;
}

/**
 * Tells people what happened: approved, rejected, posted or skipped on a channel, balance topped up, a new conversation, a
 * deal awaiting the buyer's confirmation.
 * Everyone finds it in the site's inbox, in the bot's words; a linked chat gets it through the bot
 * too. A job sends at most one message: its key is recorded after the send, and a job whose key
 * is already there does nothing (the inbox keeps one entry per event and person).
 */
@ProcessorOf(QUEUES.notify)
export class NotifyProcessor extends QueueProcessor<typeof QUEUES.notify> {
  readonly handlers: JobHandlers<typeof QUEUES.notify> = {
    'listing.approved': (job, token) => this.notify(job, token, () => this.approved(job.data)),
    'listing.rejected': (job, token) => this.notify(job, token, () => this.rejected(job.data)),
    'listing.posted': (job, token) => this.notify(job, token, () => this.posted(job.data)),
    'listing.channel-skipped': (job, token) => this.notify(job, token, () => this.skipped(job.data)),
    'payment.confirmed': (job, token) => this.notify(job, token, () => this.toppedUp(job.data)),
    'conversation.message-sent': (job, token) => this.notify(job, token, () => this.conversationMessage(job.data)),
    'deal.opened': (job, token) => this.notify(job, token, () => this.dealAwaiting(job.data)),
  };

  constructor(
    private readonly bot: SellerBot,
    private readonly links: TelegramLinkService,
    private readonly listings: SellerListingsLookup,
    private readonly pacing: TelegramPacing,
    private readonly inbox: NotificationsService,
    private readonly conversations: ConversationsService,
    private readonly deals: DealsService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private async notify(job: Job, token: string | undefined, notificationOf: () => Promise<Notification | null>): Promise<void> {
    const notification = await notificationOf();
    if (!notification) return;
    // The job's id is the outbox event's.
    const text = Object.fromEntries(LANGUAGES.map((language) => [language, notification.text(language)])) as Translated;
    if (notification.inbox !== false) {
      await this.inbox.record({ eventId: String(job.id), userId: notification.userId, kind: notification.kind, text, link: notification.link });
    }

    if (!this.bot.configured) return;
    const key = `${QUEUES.notify}:${job.id}`;
    if (await this.inbox.sentByBot(key)) return;
    const subscription = await this.links.subscriptionOf(notification.userId);
    if (!subscription) return;
    // Paced below Telegram's 1 a second per chat and 30 a second overall: a burst of approvals
    // reaches the seller in turn instead of retrying all at once into 429s.
    await this.pacing.awaitPrivateMessage(job, token, subscription.chatId);
    const message = botMessageOf(notification, subscription.language);
    const outcome = await this.bot.sendToPerson(notification.userId, subscription.chatId, message);
    if ('unlinked' in outcome) return;
    if ('retryAfterMs' in outcome) {
      await job.moveToDelayed(Date.now() + outcome.retryAfterMs, token);
      throw new DelayedError();
    }
    await notification.sent?.(subscription.chatId, outcome.sent);
    await this.inbox.recordSentByBot(key);
  }

  private async approved(data: unknown): Promise<Notification | null> {
    const { listingId } = parseEventPayload('listing.approved', data);
    const listing = await this.listings.find(listingId);
    return listing && {
      userId: listing.authorId,
      kind: 'approved',
      link: `/phone/${listingId}`,
      text: (language) => botText('approved', language, { name: listing.name ?? '', link: this.listings.linkOf(listingId) }),
    };
  }

  private async rejected(data: unknown): Promise<Notification | null> {
    const { listingId, reason } = parseEventPayload('listing.rejected', data);
    const listing = await this.listings.find(listingId);
    return listing && {
      userId: listing.authorId,
      kind: 'rejected',
      link: '/profile',
      text: (language) => botText('rejected', language, { name: listing.name ?? '', reason: rejectionReasonText(reason, language) }),
    };
  }

  private async posted(data: unknown): Promise<Notification | null> {
    const { listingId, channel, link } = parseEventPayload('listing.posted', data);
    const listing = await this.listings.find(listingId);
    return listing && {
      userId: listing.authorId,
      kind: 'posted',
      link: `/phone/${listingId}`,
      text: (language) => botText('posted', language, { name: listing.name ?? '', links: `${CHANNEL_LABELS[channel]}: ${link}` }),
    };
  }

  /** A channel of the listing's tariff that it will not reach this time, and why. */
  private async skipped(data: unknown): Promise<Notification | null> {
    const { listingId, channel, reason } = parseEventPayload('listing.channel-skipped', data);
    const listing = await this.listings.find(listingId);
    return listing && {
      userId: listing.authorId,
      kind: 'skipped',
      link: '/profile',
      text: (language) => botText('skipped', language, { name: listing.name ?? '', channel: CHANNEL_LABELS[channel], reason: botText(reason, language) }),
    };
  }

  private async toppedUp(data: unknown): Promise<Notification> {
    const { userId, amount } = parseEventPayload('payment.confirmed', data);
    return { userId, kind: 'toppedUp', link: '/profile/balance', text: (language) => botText('toppedUp', language, { amount: formatAmount(amount) }) };
  }

  /**
   * Each message of a conversation, relayed to its recipient's linked chat (the listing's name, the
   * words, a link to the thread; never who wrote it): a reply to it answers in the thread. The first
   * one is also the inbox's 'new conversation'. Warned as the site's thread warns: a flagged message
   * carries its warning line, and the first one the platform's safety note. A message with photos says
   * how many the thread holds, and is relayed as its first photo with that text as the caption.
   */
  private async conversationMessage(data: unknown): Promise<Notification | null> {
    const { messageId, first } = parseEventPayload('conversation.message-sent', data);
    const message = await this.conversations.aboutMessage(messageId);
    if (!message) return null;
    const link = `/profile/messages/${message.conversationId}`;
    const photos = message.photoLocations.map((location) => new URL(location, this.config.PUBLIC_URL).toString());
    const warning = messageWarningText(message.warnings);
    return {
      userId: message.recipientId,
      kind: 'newConversation',
      link,
      inbox: first,
      text: (language) =>
        botText(first ? 'newConversation' : 'conversationMessage', language, {
          name: message.listingName ?? '',
          text: [
            message.text,
            photos.length > 0 && botText('conversationPhotos', language, { count: photos.length }),
            warning && `⚠️ ${warning[language]}`,
            first && `🛡 ${SAFETY_WARNING[language]}`,
          ]
            .filter(Boolean)
            .join('\n'),
          link: new URL(link, this.config.PUBLIC_URL).toString(),
        }),
      photoUrl: photos[0],
      sent: (chatId, botMessageId) => this.conversations.recordRelay(chatId, botMessageId, message.conversationId, message.recipientId),
    };
  }

  /**
   * The seller marked the listing sold to this buyer: they confirm or decline it among their deals (listed with the
   * conversations). Nothing once they have answered it: the notice would ask for what is done.
   */
  private async dealAwaiting(data: unknown): Promise<Notification | null> {
    const { dealId, listingId, buyerId } = parseEventPayload('deal.opened', data);
    if (!(await this.deals.awaitsBuyer(dealId))) return null;
    const listing = await this.listings.find(listingId);
    const link = '/profile/messages';
    return listing && {
      userId: buyerId,
      kind: 'dealAwaiting',
      link,
      text: (language) => botText('dealAwaiting', language, { name: listing.name ?? '', link: new URL(link, this.config.PUBLIC_URL).toString() }),
    };
  }
}

/** What the bot sends a chat: the photo with the text as its caption where it fits, else the text; the button opening the page either way. */
function botMessageOf(notification: Notification, language: Language): BotMessage {
  const text = notification.text(language);
  const message = withAppButton(text, notification.link, language);
  return notification.photoUrl && text.length <= CAPTION_LIMIT ? { ...message, photoUrl: notification.photoUrl } : message;
}
