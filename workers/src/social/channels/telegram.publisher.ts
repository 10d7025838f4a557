import { Api, GrammyError, HttpError, InputMediaBuilder } from 'grammy';
import { telegramCaption } from '../caption';
import { PermanentPublishError, RateLimitedError, isTransientStatus } from '../publish-errors';
import { postOnce, type ChannelListing, type ChannelPublisher, type PublishProgress } from './channel-publisher';

/** Telegram accepts at most 10 items in one album. */
const ALBUM_LIMIT = 10;

export interface TelegramChannelOptions {
  apiRoot: string;
  token?: string;
  /** '@username' of a public channel or its numeric id ('-100…'). */
  channelId?: string;
}

/** Public link of a channel message: t.me/<username>/<id>, or t.me/c/<id>/<id> for a private channel. */
export function telegramMessageLink(channelId: string, messageId: number): string {
  if (channelId.startsWith('@')) return `https://t.me/${channelId.slice(1)}/${messageId}`;
  return `https://t.me/c/${channelId.replace(/^-100/, '')}/${messageId}`;
}

/** Posts a listing to the Telegram channel as an album with an HTML caption. */
export class TelegramChannelPublisher implements ChannelPublisher {
  readonly channel = 'telegram' as const;
  private readonly api: Api | undefined;

  constructor(private readonly options: TelegramChannelOptions) {
    this.api = options.token ? new Api(options.token, { apiRoot: options.apiRoot }) : undefined;
  }

  get configured(): boolean {
    return Boolean(this.api && this.options.channelId);
  }

  async publish(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const channelId = this.options.channelId!;
    const posted = progress.get('message');
    if (posted) return telegramMessageLink(channelId, Number(posted));

    const caption = telegramCaption(listing);
    const album = listing.photoUrls
      .slice(0, ALBUM_LIMIT)
      .map((url, index) => InputMediaBuilder.photo(url, index === 0 ? { caption, parse_mode: 'HTML' } : {}));
    try {
      // Telegram answered with an error: nothing was posted. A network failure leaves it unknown.
      const messages = await postOnce(progress, 'message', () => this.api!.sendMediaGroup(channelId, album), (error) => error instanceof GrammyError);
      await progress.remember('message', String(messages[0].message_id));
      return telegramMessageLink(channelId, messages[0].message_id);
    } catch (error) {
      throw classifyTelegramError(error);
    }
  }
}

function classifyTelegramError(error: unknown): Error {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return new RateLimitedError((error.parameters.retry_after ?? 5) * 1000);
    if (!isTransientStatus(error.error_code)) return new PermanentPublishError(`Telegram: ${error.description}`);
    return new Error(`Telegram: ${error.description}`);
  }
  if (error instanceof HttpError) return new Error(`Telegram unreachable: ${error.message}`);
  return error as Error;
}
