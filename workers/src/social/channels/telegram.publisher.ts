import { Api, GrammyError, HttpError, InputMediaBuilder } from 'grammy';
import { OPEN_IN_APP, telegramCaption } from '../caption';
import { PermanentPublishError, RateLimitedError, isTransientStatus } from '../publish-errors';
import type { TelegramPacing } from '../../pacing/telegram-pacing';
import { postOnce, type ChannelListing, type ChannelPublisher, type PacedSend, type PublishProgress } from './channel-publisher';

/** Telegram accepts 2 to 10 items in one album; one photo goes by sendPhoto. */
const ALBUM_LIMIT = 10;

export interface TelegramChannelOptions {
  apiRoot: string;
  token?: string;
  /** '@username' of a public channel or its numeric id ('-100…'). */
  channelId?: string;
  pacing?: TelegramPacing;
  /** A listing's link in the Mini App (t.me/<bot>/<app>?startapp=<id>); undefined when none is registered. */
  appLinkOf?: (listingId: string) => string | undefined;
}

/** Public link of a channel message: t.me/<username>/<id>, or t.me/c/<id>/<id> for a private channel. */
export function telegramMessageLink(channelId: string, messageId: number): string {
  if (channelId.startsWith('@')) return `https://t.me/${channelId.slice(1)}/${messageId}`;
  return `https://t.me/c/${channelId.replace(/^-100/, '')}/${messageId}`;
}

/** Posts a listing to the Telegram channel: one photo by sendPhoto, more as an album, with an HTML caption. */
export class TelegramChannelPublisher implements ChannelPublisher {
  readonly channel = 'telegram' as const;
  private readonly api: Api | undefined;

  constructor(private readonly options: TelegramChannelOptions) {
    this.api = options.token ? new Api(options.token, { apiRoot: options.apiRoot }) : undefined;
  }

  get configured(): boolean {
    return Boolean(this.api && this.options.channelId);
  }

  /** Each photo of an album is one of the channel's messages, and one of the bot's. */
  async pacing(listing: ChannelListing): Promise<PacedSend> {
    const pacing = this.options.pacing!;
    const channel = pacing.channel(this.options.channelId!);
    return { destinations: [channel, pacing.bot()], cost: photosOf(listing).length || 1, throttled: channel };
  }

  async publish(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const channelId = this.options.channelId!;
    const posted = progress.get('message');
    if (posted) return telegramMessageLink(channelId, Number(posted));

    try {
      // Telegram answered with an error: nothing was posted. A network failure leaves it unknown.
      const messageId = await postOnce(progress, 'message', () => this.send(channelId, listing), (error) => error instanceof GrammyError);
      await progress.remember('message', String(messageId));
      return telegramMessageLink(channelId, messageId);
    } catch (error) {
      throw classifyTelegramError(error);
    }
  }

  /**
   * A post opens the listing in the Mini App by a button under it, beside the caption's web link;
   * Telegram puts no buttons under an album, whose caption carries the app's link instead.
   */
  private async send(channelId: string, listing: ChannelListing): Promise<number> {
    const appLink = this.options.appLinkOf?.(listing.id);
    const photos = photosOf(listing);
    const reply_markup = appLink ? { inline_keyboard: [[{ text: OPEN_IN_APP, url: appLink }]] } : undefined;
    if (photos.length === 0) return (await this.api!.sendMessage(channelId, telegramCaption(listing), { parse_mode: 'HTML', reply_markup })).message_id;
    if (photos.length === 1) return (await this.api!.sendPhoto(channelId, photos[0], { caption: telegramCaption(listing), parse_mode: 'HTML', reply_markup })).message_id;
    const caption = telegramCaption(listing, appLink);
    const album = photos.map((url, index) => InputMediaBuilder.photo(url, index === 0 ? { caption, parse_mode: 'HTML' } : {}));
    const messages = await this.api!.sendMediaGroup(channelId, album);
    return messages[0].message_id;
  }
}

function photosOf(listing: ChannelListing): string[] {
  return listing.photoUrls.slice(0, ALBUM_LIMIT);
}

function classifyTelegramError(error: unknown): Error {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return new RateLimitedError((error.parameters.retry_after ?? 5) * 1000, `Telegram: ${error.description}`);
    if (!isTransientStatus(error.error_code)) return new PermanentPublishError(`Telegram: ${error.description}`);
    return new Error(`Telegram: ${error.description}`);
  }
  if (error instanceof HttpError) return new Error(`Telegram unreachable: ${error.message}`);
  return error as Error;
}
