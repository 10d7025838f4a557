import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Bot, GrammyError, InlineKeyboard, webhookCallback, type Context } from 'grammy';
import { createServer, type Server } from 'node:http';
import { AppConfig, AppException, ConversationsService, SavedSearchAlertsService, TelegramLinkService } from '@market/backend';
import {
  DEFAULT_LANGUAGE,
  formatMessage,
  LANGUAGES,
  maskedPhoneNumber,
  MINI_APP_PATH,
  miniAppLink,
  phoneNumberSchema,
  startTargetOfPath,
  type Language,
  type StartAppTarget,
} from '@market/contracts';
import { TelegramPacing } from '../pacing/telegram-pacing';
import { botText } from './bot-texts';
import { PollingLease } from './polling-lease';
import { SellerListingsLookup } from './seller-listings.lookup';

/**
 * Telegram is answered after this long at the latest while the update goes on being handled: a
 * reply that waits out a 429 takes longer, and grammY's default on a timeout rejects a promise
 * nobody catches, which ended the workers.
 */
export const WEBHOOK_ANSWER_MS = 10_000;

/** An alert's pause button names its saved search: 'pause:' and a UUID fit Telegram's 64 bytes of callback_data. */
const PAUSE_ALERTS = 'pause:';
/**
 * The answers to whether a chat is linked to a link's account: 'relink:' and the link's token (32 characters)
 * fit the 64 bytes; 'No' needs nothing but its name. The values date from when only a linked chat was asked and
 * stay, so that buttons already in chats keep working.
 */
const CONFIRM_LINK = 'relink:';
const DECLINE_LINK = 'relink-keep';

/** What the bot sends: text, or a photo with the text as its caption; optionally one button under it. */
export interface BotMessage {
  text: string;
  /** An absolute URL Telegram fetches the photo from. */
  photoUrl?: string | null;
  button?: { text: string; data: string };
  /** A button opening this page of the site in the Mini App (none when no Mini App is registered). */
  appButton?: { text: string; target: StartAppTarget };
}

/** A message with the button that opens `path` (a listing, a conversation) in the Mini App; plain text for other pages. */
export function withAppButton(text: string, path: string | null, language: Language): BotMessage {
  const target = startTargetOfPath(path);
  return target ? { text, appButton: { text: botText('openApp', language), target } } : { text };
}

/** What a person may send the bot besides words; each is answered that only words reach a conversation. */
const WORDLESS_MESSAGES = [
  'message:photo',
  'message:video',
  'message:voice',
  'message:audio',
  'message:document',
  'message:sticker',
  'message:animation',
  'message:video_note',
  'message:location',
] as const;

/** What became of a message to a linked person's chat: sent, the chat unlinked, or Telegram's wait before that chat takes another. */
export type PersonalMessageOutcome = { sent: number } | { unlinked: true } | { retryAfterMs: number };

/** The callback_data of the button that turns a saved search's alerts off. */
export function pauseAlertsData(savedSearchId: string): string {
  return `${PAUSE_ALERTS}${savedSearchId}`;
}

/**
 * The sellers' bot: links a chat to an account through the site's one-time deep link,
 * lists the seller's listings, and sends them what happened to those listings; buyers' alerts go
 * out through it too, and their pause button comes back to it as a callback query. Long
 * polling by one worker process at a time by default; a webhook served on TELEGRAM_WEBHOOK_PORT
 * when a URL is configured.
 */
@Injectable()
export class SellerBot implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SellerBot.name);
  private readonly bot: Bot | undefined;
  private webhookServer: Server | undefined;
  private lease: PollingLease | undefined;
  /** When the lease last renewed runs out, as far as this process knows. */
  private heldUntil = 0;
  private turn: Promise<void> = Promise.resolve();
  private nextTurn: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly config: AppConfig,
    private readonly links: TelegramLinkService,
    private readonly listings: SellerListingsLookup,
    private readonly pacing: TelegramPacing,
    private readonly savedSearches: SavedSearchAlertsService,
    private readonly conversations: ConversationsService,
  ) {
    if (!config.TELEGRAM_BOT_TOKEN) return;
    this.bot = new Bot(config.TELEGRAM_BOT_TOKEN, { client: { apiRoot: config.TELEGRAM_API_URL } });
    // Only a person's private chat with the bot: a group it was added to is never linked nor answered, or the group's
    // members would read the seller's conversations. Buttons are under the bot's private messages only.
    const person = this.bot.chatType('private');
    person.command('start', (context) => this.start(context));
    person.command('my', (context) => this.myListings(context));
    person.command('stop', (context) => this.stop(context));
    this.bot.callbackQuery(new RegExp(`^${PAUSE_ALERTS}`), (context) => this.pauseAlerts(context));
    this.bot.callbackQuery(new RegExp(`^${CONFIRM_LINK}`), (context) => this.confirmLink(context));
    this.bot.callbackQuery(DECLINE_LINK, (context) => this.declineLink(context));
    person.on('message:contact', (context) => this.recordContact(context));
    // After the commands: any other text is a person writing, a reply to a relayed message answering its conversation.
    person.on('message:text', (context) => this.answerConversation(context));
    // Photos, voice, stickers, files a person sends the bot (not service messages): only words cross into a conversation.
    person.on([...WORDLESS_MESSAGES], (context) => this.answerWordsOnly(context));
    this.bot.catch((error) => this.logger.warn(`Bot update failed: ${error.message}`));
  }

  get configured(): boolean {
    return Boolean(this.bot);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.bot) {
      this.logger.log('Sellers\' bot is off: TELEGRAM_BOT_TOKEN is not set');
      return;
    }
    await this.openMiniAppFromMenu();
    if (this.config.TELEGRAM_WEBHOOK_URL) {
      // Telegram repeats the secret in X-Telegram-Bot-Api-Secret-Token; grammY answers 401 to an
      // update without it, so knowing the URL is not enough to forge a /stop for someone's chat.
      const secretToken = this.config.TELEGRAM_WEBHOOK_SECRET;
      await this.bot.api.setWebhook(this.config.TELEGRAM_WEBHOOK_URL, { secret_token: secretToken });
      const handleUpdate = webhookCallback(this.bot, 'http', { secretToken, onTimeout: 'return', timeoutMilliseconds: WEBHOOK_ANSWER_MS });
      this.webhookServer = createServer((request, response) => {
        handleUpdate(request, response).catch((error: Error) => {
          // A body that is not an update (grammY's bot.catch sees every failure of a handler).
          this.logger.warn(`Webhook request refused: ${error.message}`);
          if (!response.headersSent) response.writeHead(400).end();
        });
      });
      this.webhookServer.listen(this.config.TELEGRAM_WEBHOOK_PORT);
      return;
    }
    this.lease = new PollingLease(this.config.REDIS_QUEUE_URL, `${this.config.QUEUE_PREFIX}:telegram:polling`, this.config.TELEGRAM_POLLING_LEASE_MS);
    this.turn = this.takeTurn();
  }

  /**
   * Telegram serves one long poller per bot and ends another's getUpdates with 409, so the workers
   * take turns through a lease: its holder polls and renews it every third of its time, the others
   * try to take it as often. After a release another worker polls within that third; after a crash,
   * once the lease has run out. Updates the holder received but did not confirm (by its next
   * getUpdates) are given again to the next one.
   */
  private async takeTurn(): Promise<void> {
    const everyMs = this.lease!.ttlMs / 3;
    const askedAt = Date.now();
    const held = await this.lease!.hold().then(
      (ours) => {
        if (ours) this.heldUntil = askedAt + this.lease!.ttlMs;
        return ours;
      },
      // Redis out of reach: the turn lasts while the last renewal surely does, so that two workers never poll at once.
      () => Date.now() + everyMs < this.heldUntil,
    );
    if (held && !this.bot!.isRunning() && !this.closing) {
      this.logger.log('This worker polls the bot');
      // bot.start() resolves only when polling stops: grammY retries network failures itself, a 409 ends it and the next turn starts it again.
      void this.bot!.start({ drop_pending_updates: false }).catch((error: Error) => this.logger.error(`Bot polling stopped: ${error.message}`));
    }
    if (!held && this.bot!.isRunning()) {
      this.logger.warn('The bot polling lease is lost: this worker stops polling');
      await this.bot!.stop().catch((error: Error) => this.logger.warn(`Bot polling did not stop cleanly: ${error.message}`));
    }
    if (!this.closing) this.nextTurn = setTimeout(() => (this.turn = this.takeTurn()), everyMs);
  }

  /**
   * The menu button beside every chat's input opens the Mini App, once it is registered with
   * BotFather (TELEGRAM_MINI_APP_NAME) and the site is on HTTPS, the only pages Telegram opens.
   * A refusal leaves Telegram's default button and the bot running.
   */
  private async openMiniAppFromMenu(): Promise<void> {
    const url = `${this.config.PUBLIC_URL}${MINI_APP_PATH}`;
    if (!this.config.TELEGRAM_MINI_APP_NAME || !url.startsWith('https://')) return;
    const menu_button = { type: 'web_app' as const, text: botText('openApp', DEFAULT_LANGUAGE), web_app: { url } };
    await this.bot!.api.setChatMenuButton({ menu_button }).catch((error: Error) => this.logger.warn(`The menu button was not set: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.webhookServer?.close();
    this.closing = true;
    clearTimeout(this.nextTurn);
    await this.turn;
    try {
      // The updates handled so far are confirmed before the lease is given up to the next poller.
      if (this.bot?.isRunning()) await this.bot.stop();
    } finally {
      await this.lease?.release();
    }
  }

  /** Sends a message to a linked chat; answers the sent message's id. */
  async send(chatId: string, message: string | BotMessage): Promise<number> {
    const { text, photoUrl, button, appButton } = typeof message === 'string' ? { text: message } : message;
    const appLink = appButton && miniAppLink(this.config.TELEGRAM_BOT_USERNAME, this.config.TELEGRAM_MINI_APP_NAME, appButton.target);
    const keyboard = new InlineKeyboard();
    if (button) keyboard.text(button.text, button.data);
    if (button && appLink) keyboard.row();
    if (appLink) keyboard.url(appButton!.text, appLink);
    const reply_markup = button || appLink ? keyboard : undefined;
    const sendText = () => this.bot!.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true }, reply_markup });
    if (!photoUrl) return (await sendText()).message_id;
    try {
      return (await this.bot!.api.sendPhoto(chatId, photoUrl, { caption: text, reply_markup })).message_id;
    } catch (error) {
      // Telegram could not fetch or take the photo (our address out of its reach, a type it refuses): the words still go.
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      this.logger.warn(`Photo ${photoUrl} refused by Telegram (${error.description}): sent as text`);
      return (await sendText()).message_id;
    }
  }

  /**
   * Sends to a linked person's private chat, with what Telegram's refusals mean for every sender:
   * 403 (they blocked the bot or deleted the chat) unlinks the chat, since nothing reaches them
   * there; 429 holds every message to that chat until its retry_after, and the caller is told how
   * long. Anything else is thrown for the job's retry.
   */
  async sendToPerson(userId: string, chatId: string, message: string | BotMessage): Promise<PersonalMessageOutcome> {
    try {
      return { sent: await this.send(chatId, message) };
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
      if (error.error_code === 403) {
        await this.links.unlinkChat(Number(chatId));
        this.logger.log(`Telegram chat of user ${userId} unlinked: ${error.description}`);
        return { unlinked: true };
      }
      if (error.error_code !== 429) throw error;
      const retryAfterMs = (error.parameters.retry_after ?? 1) * 1000;
      await this.pacing.retryAfter(this.pacing.privateChat(chatId), retryAfterMs);
      return { retryAfterMs };
    }
  }

  /** Tells the person that only words reach a conversation through the bot, rather than leave them waiting for an answer. */
  private async answerWordsOnly(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(context.chat!.id);
    await this.reply(context, botText(subscription ? 'wordsOnly' : 'notLinked', subscription?.language ?? DEFAULT_LANGUAGE));
  }

  /**
   * A reply to a relayed conversation message lands in that conversation as the linked person's
   * message: only its words cross, never the chat's name, username or number. What the site refuses
   * (a closed or blocked conversation, a limit) is answered in the chat with the site's words.
   */
  private async answerConversation(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(context.chat!.id);
    if (!subscription) {
      await this.reply(context, botText('notLinked', DEFAULT_LANGUAGE));
      return;
    }
    const { message_id: messageId, reply_to_message: repliedTo, text } = context.message!;
    let answered = false;
    try {
      answered =
        repliedTo !== undefined &&
        (await this.conversations.replyFromChat(subscription.userId, { chatId: String(context.chat!.id), repliedTo: repliedTo.message_id, messageId, text: text! })) !== null;
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      await this.reply(context, formatMessage(error.messageKey, subscription.language, error.params));
      return;
    }
    await this.reply(context, botText(answered ? 'replySent' : 'replyHint', subscription.language));
  }

  /**
   * A number shared from the Mini App (requestContact) arrives as the sender's contact. Only their
   * own counts (the contact's user_id is the sender's): Telegram vouches for it, and their next Mini
   * App sign-in uses it. Someone else's contact card, or a number the site cannot serve, proves nothing.
   */
  private async recordContact(context: Context): Promise<void> {
    const { contact } = context.message!;
    const sender = context.from!;
    const language = senderLanguage(context);
    const phoneNumber = phoneNumberSchema.safeParse(contact!.phone_number);
    if (contact!.user_id !== sender.id || !phoneNumber.success) {
      await this.reply(context, botText('contactRefused', language));
      return;
    }
    await this.links.recordContact(sender.id, phoneNumber.data);
    await this.reply(context, botText('contactReceived', language));
  }

  private async start(context: Context): Promise<void> {
    const token = typeof context.match === 'string' ? context.match.trim() : '';
    if (!token) {
      await this.reply(context, botText('welcome', DEFAULT_LANGUAGE));
      return;
    }
    const redemption = await this.links.redeem(token, context.chat!.id);
    if (redemption.outcome === 'confirm') {
      // The link may be a stranger's, sent to be pressed: the chat's owner is asked, in their Telegram's language
      // (not the link's, which its sender chose), naming the account so that they can tell it is not theirs.
      const language = senderLanguage(context);
      const [question, yes] = redemption.linkedElsewhere ? (['relinkAsk', 'relinkYes'] as const) : (['linkAsk', 'linkYes'] as const);
      const answers = new InlineKeyboard().text(botText(yes, language), `${CONFIRM_LINK}${token}`).text(botText('relinkNo', language), DECLINE_LINK);
      await this.reply(context, botText(question, language, { phone: maskedPhoneNumber(redemption.phoneNumber) }), answers);
      return;
    }
    await this.reply(context, redemption.outcome === 'linked' ? botText('linked', redemption.language) : botText('linkInvalid', DEFAULT_LANGUAGE));
  }

  /** 'Yes' under the question: the link is redeemed now, if it is still valid. */
  private async confirmLink(context: Context): Promise<void> {
    const token = context.callbackQuery!.data!.slice(CONFIRM_LINK.length);
    const redemption = await this.links.redeem(token, chatIdOf(context), { confirmed: true });
    await context.answerCallbackQuery();
    await this.reply(context, redemption.outcome === 'linked' ? botText('linked', redemption.language) : botText('linkInvalid', DEFAULT_LANGUAGE));
  }

  /** 'No' under the question: the chat stays as it was, linked to its account or to none. */
  private async declineLink(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(chatIdOf(context));
    await context.answerCallbackQuery({ text: botText(subscription ? 'relinkKept' : 'linkDeclined', senderLanguage(context)) });
  }

  private async myListings(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(context.chat!.id);
    if (!subscription) {
      await this.reply(context, botText('notLinked', DEFAULT_LANGUAGE));
      return;
    }
    await this.reply(context, await this.listings.summary(subscription.userId, subscription.language));
  }

  /** The pause button under an alert: only the search's owner's linked chat turns its alerts off. */
  private async pauseAlerts(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(chatIdOf(context));
    const savedSearchId = context.callbackQuery!.data!.slice(PAUSE_ALERTS.length);
    const paused = subscription ? await this.savedSearches.pauseAlerts(subscription.userId, savedSearchId) : false;
    const language: Language = subscription?.language ?? DEFAULT_LANGUAGE;
    await context.answerCallbackQuery({ text: botText(paused ? 'alertsPaused' : 'pauseRefused', language) });
  }

  private async stop(context: Context): Promise<void> {
    const subscription = await this.links.subscriptionByChat(context.chat!.id);
    const language: Language = subscription?.language ?? DEFAULT_LANGUAGE;
    await this.links.unlinkChat(context.chat!.id);
    await this.reply(context, botText('stopped', language));
  }

  /** Answers a command in its chat, in turn with the bot's other messages to that chat (Telegram allows 1 a second). */
  private async reply(context: Context, text: string, buttons?: InlineKeyboard): Promise<void> {
    await this.pacing.awaitPrivateMessageInPlace(chatIdOf(context));
    await context.reply(text, { reply_markup: buttons });
  }
}

/** The language of the person who wrote or pressed a button, as their Telegram has it (uz, ru or en; else uz). */
function senderLanguage(context: Context): Language {
  return LANGUAGES.find((language) => language === context.from?.language_code) ?? DEFAULT_LANGUAGE;
}

/** The chat of a command or of a button pressed under a message; a button's message too old to be sent carries only who pressed it. */
function chatIdOf(context: Context): number {
  return context.chat?.id ?? context.callbackQuery!.from.id;
}
