import { Injectable } from '@nestjs/common';
import { AppConfig, TelegramLinkService, type SavedSearchAlert, type SavedSearchDigest } from '@market/backend';
import type { Language } from '@market/contracts';
import { SellerBot } from '../bot/seller-bot.service';
import { digestText, matchedText, priceLoweredText, type AlertedListing } from './buyer-alert-texts';

/**
 * What the bot sends buyers, each through the bot's public send method (which paces private
 * messages). A user who has not linked the bot gets no message: their matches are still theirs
 * to see on the site.
 */
@Injectable()
export class BuyerMessages {
  constructor(
    private readonly bot: SellerBot,
    private readonly links: TelegramLinkService,
    private readonly config: AppConfig,
  ) {}

  get configured(): boolean {
    return this.bot.configured;
  }

  async matched({ userId, listing }: SavedSearchAlert): Promise<void> {
    await this.sendTo(userId, (language) => matchedText(language, this.alerted(listing)));
  }

  async digest({ userId, listings }: SavedSearchDigest): Promise<void> {
    await this.sendTo(userId, (language) => digestText(language, listings.map((listing) => this.alerted(listing))));
  }

  async priceLowered(userId: string, listing: SavedSearchAlert['listing'], before: Pick<AlertedListing, 'price' | 'valut'>): Promise<void> {
    await this.sendTo(userId, (language) => priceLoweredText(language, this.alerted(listing), before));
  }

  private async sendTo(userId: string, text: (language: Language) => string): Promise<void> {
    const subscription = await this.links.subscriptionOf(userId);
    if (subscription) await this.bot.send(subscription.chatId, text(subscription.language));
  }

  private alerted(listing: SavedSearchAlert['listing']): AlertedListing {
    return { ...listing, link: new URL(`/phone/${listing.id}`, this.config.PUBLIC_URL).toString() };
  }
}
