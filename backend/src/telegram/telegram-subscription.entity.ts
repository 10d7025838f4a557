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
