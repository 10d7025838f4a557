import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Language } from '@market/contracts';

/** A seller's chat with the bot, linked through a one-time deep link. */
@Entity('telegram_subscription')
export class TelegramSubscription {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'chat_id', type: 'bigint' })
  chatId: string;

  @Column({ type: 'text' })
  language: Language;

  @CreateDateColumn({ name: 'linked_at', type: 'timestamptz' })
  linkedAt: Date;
}

/** A deep-link token waiting for its /start; only its hash is stored. */
@Entity('telegram_link_token')
export class TelegramLinkToken {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  language: Language;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

/**
 * A phone number a Telegram user shared with the bot from their own account (the contact's
 * user_id is the sender's): Telegram vouches for it, and the user's next Mini App sign-in uses it.
 */
@Entity('telegram_contact')
export class TelegramContact {
  @PrimaryColumn({ name: 'telegram_user_id', type: 'bigint' })
  telegramUserId: string;

  @Column({ name: 'phone_number', type: 'text' })
  phoneNumber: string;

  @Column({ name: 'shared_at', type: 'timestamptz', insert: false })
  sharedAt: Date;
}
