import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import type { Language } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { UsersService } from '../users/users.service';
import { TelegramContact, TelegramLinkToken, TelegramSubscription } from './telegram-subscription.entity';

const LINK_TTL_MS = 15 * 60 * 1000;
/** A shared contact waits this long for the Mini App's sign-in, which asks again right after sharing. */
const CONTACT_TTL_MS = 60 * 60 * 1000;

/**
 * What a deep link did for a chat: linked it; or not yet, because the person in the chat has not agreed to
 * link it to the link's account (`phoneNumber`, for the question to name it; `linkedElsewhere` when the chat is
 * linked to another account now); or not, because the token is unknown, used or expired.
 */
export type LinkRedemption =
  | { outcome: 'linked'; userId: string; language: Language }
  | { outcome: 'confirm'; phoneNumber: string; linkedElsewhere: boolean }
  | { outcome: 'invalid' };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Links a seller's account to a chat with the bot: a one-time deep link, redeemed by /start <token>. */
@Injectable()
export class TelegramLinkService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  /** A deep link needs both the bot's token (to hear /start) and its username (to address it). */
  get botConfigured(): boolean {
    return Boolean(this.config.TELEGRAM_BOT_TOKEN && this.config.TELEGRAM_BOT_USERNAME);
  }

  async createLink(userId: string, language: Language): Promise<{ link: string; expiresAt: string }> {
    if (!this.botConfigured) {
      throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'telegramBotNotConfigured');
    }
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_TTL_MS);
    const tokens = this.dataSource.getRepository(TelegramLinkToken);
    await tokens.delete({ expiresAt: LessThan(new Date()) });
    await tokens.insert({ tokenHash: hashToken(token), userId, language, expiresAt });
    return { link: `https://t.me/${this.config.TELEGRAM_BOT_USERNAME}?start=${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Redeems a deep-link token for a chat. The chat is linked to the link's account only when the person
   * in it agreed (`confirmed`): anyone can send a link of their own account, and pressing it must not
   * give a stranger the chat (its notices, its replies to conversations, its Mini App sign-in), whether
   * the chat was linked before or not. Until then the token stays unused. A chat already linked to the
   * link's account changes hands to nobody and is linked again unasked.
   */
  async redeem(token: string, chatId: number, { confirmed = false } = {}): Promise<LinkRedemption> {
    return this.dataSource.transaction(async (transaction) => {
      const [claimed] = (await transaction.query(
        `SELECT user_id, language FROM telegram_link_token WHERE token_hash = $1 AND expires_at > now() FOR UPDATE`,
        [hashToken(token)],
      )) as Array<{ user_id: string; language: Language }>;
      if (!claimed) return { outcome: 'invalid' };
      const current = await transaction.findOneBy(TelegramSubscription, { chatId: String(chatId) });
      if (current?.userId !== claimed.user_id && !confirmed) {
        return { outcome: 'confirm', phoneNumber: await this.users.phoneNumberOf(transaction, claimed.user_id), linkedElsewhere: current !== null };
      }
      await transaction.query(`DELETE FROM telegram_link_token WHERE token_hash = $1`, [hashToken(token)]);
      await this.linkChat(transaction, claimed.user_id, chatId, claimed.language);
      return { outcome: 'linked', userId: claimed.user_id, language: claimed.language };
    });
  }

  /** One chat per account and one account per chat: a new link replaces any older one. */
  async linkChat(transaction: EntityManager, userId: string, chatId: number, language: Language): Promise<void> {
    await transaction.delete(TelegramSubscription, [{ userId }, { chatId: String(chatId) }]);
    await transaction.insert(TelegramSubscription, { userId, chatId: String(chatId), language });
  }

  /** Keeps the number a Telegram user shared with the bot from their own account, for their Mini App sign-in. */
  async recordContact(telegramUserId: number, phoneNumber: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(TelegramContact)
      .values({ telegramUserId: String(telegramUserId), phoneNumber })
      .orUpdate(['phone_number', 'shared_at'], ['telegram_user_id'])
      .execute();
  }

  /** The number the Telegram user shared lately, taken (deleted) within the caller's transaction; null when none. */
  async takeContact(transaction: EntityManager, telegramUserId: number): Promise<string | null> {
    const { raw } = await transaction
      .createQueryBuilder()
      .delete()
      .from(TelegramContact)
      .where('telegram_user_id = :telegramUserId AND shared_at > :since', { telegramUserId: String(telegramUserId), since: new Date(Date.now() - CONTACT_TTL_MS) })
      .returning('phone_number')
      .execute();
    return (raw as Array<{ phone_number: string }>)[0]?.phone_number ?? null;
  }

  async subscriptionOf(userId: string): Promise<TelegramSubscription | null> {
    return this.dataSource.getRepository(TelegramSubscription).findOneBy({ userId });
  }

  async subscriptionByChat(chatId: number): Promise<TelegramSubscription | null> {
    return this.dataSource.getRepository(TelegramSubscription).findOneBy({ chatId: String(chatId) });
  }

  /**
   * Ends the account's chat link and its deep links not yet redeemed, in the caller's transaction when given (a
   * password reset's). The links go first: a /start redeeming one meanwhile holds it until its chat is linked, and
   * that chat is then unlinked here too.
   */
  async unlink(userId: string, database: EntityManager = this.dataSource.manager): Promise<void> {
    await database.delete(TelegramLinkToken, { userId });
    await database.delete(TelegramSubscription, { userId });
  }

  async unlinkChat(chatId: number): Promise<void> {
    await this.dataSource.getRepository(TelegramSubscription).delete({ chatId: String(chatId) });
  }
}
