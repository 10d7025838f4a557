import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppConfig } from '@market/backend';
import { DestinationPacer, type Destination } from './destination-pacer';

/**
 * Telegram's flood limits as destinations of the pacer (core.telegram.org/bots/faq): a channel
 * or group takes about 20 messages a minute, a private chat 1 a second, the bot about 30 a
 * second overall. Every sender of the bot (channel posts, sellers' and buyers' notifications)
 * waits its turn here, so one burst never spends another sender's share.
 */
@Injectable()
export class TelegramPacing {
  constructor(
    private readonly pacer: DestinationPacer,
    private readonly config: AppConfig,
  ) {}

  /** A channel or group: an album of N photos counts N messages. */
  channel(chatId: string): Destination {
    const windowMs = 60_000 * this.pacer.timeScale;
    const limit = this.config.TELEGRAM_CHANNEL_MESSAGES_PER_MINUTE;
    return { key: `telegram:chat:${chatId}`, limit, windowMs, spacingMs: windowMs / limit };
  }

  /** A private chat with a user. */
  privateChat(chatId: string | number): Destination {
    const windowMs = 1_000 * this.pacer.timeScale;
    const limit = this.config.TELEGRAM_CHAT_MESSAGES_PER_SECOND;
    return { key: `telegram:chat:${chatId}`, limit, windowMs, spacingMs: windowMs / limit };
  }

  /** The bot's messages to all chats together. */
  bot(): Destination {
    return { key: 'telegram:bot', limit: this.config.TELEGRAM_MESSAGES_PER_SECOND, windowMs: 1_000 * this.pacer.timeScale };
  }

  /**
   * Awaits the job's turn to send one message to a private chat (a notification): see
   * DestinationPacer.awaitTurn; a far turn delays the job (DelayedError, rethrow it).
   */
  awaitPrivateMessage(job: Job, token: string | undefined, chatId: string | number): Promise<void> {
    return this.pacer.awaitTurn(job, token, [this.privateChat(chatId), this.bot()]);
  }

  /**
   * Awaits a turn to send one message to a private chat in place, however far: for a job that sends
   * to many chats (buyers' alerts), which a move to the delayed set would start over.
   */
  async privateMessageTurn(chatId: string | number): Promise<void> {
    const wait = (await this.pacer.reserve([this.privateChat(chatId), this.bot()])) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Telegram answered 429 for the chat: nothing goes to it before retry_after has passed. */
  retryAfter(destination: Destination, retryAfterMs: number): Promise<void> {
    return this.pacer.blockUntil(destination, Date.now() + retryAfterMs);
  }
}
