import { Injectable } from '@nestjs/common';
import { AppConfig, TelegramLinkService, type SavedSearchAlert, type SavedSearchDigest } from '@market/backend';
import { LANGUAGES, type Language, type Translated } from '@market/contracts';
import { SellerBot, pauseAlertsData, withAppButton, type BotMessage } from '../bot/seller-bot.service';
import { TelegramPacing } from '../pacing/telegram-pacing';
import { digestText, matchedText, pauseButtonText, priceLoweredText, type AlertedListing } from './buyer-alert-texts';

/** A message Telegram refused with 429 this many times is left to the job's retry. */
const REFUSALS_AWAITED = 3;

/**
 * What the bot sends buyers. Each message waits its turn within Telegram's limits (1 a second
 * into a chat, 30 a second for the bot, shared with every other sender: TelegramPacing) in
 * place, since one job sends to many chats; a 429 blocks the chat until its retry_after. A user
 * who has not linked the bot gets no message: their matches are still theirs to see on the site;
 * one who blocked the bot is unlinked, and the others' messages go on.
 */
@Injectable()
export class BuyerMessages {
  constructor(
    private readonly bot: SellerBot,
    private readonly links: TelegramLinkService,
    private readonly pacing: TelegramPacing,
    private readonly config: AppConfig,
  ) {}

  get configured(): boolean {
    return this.bot.configured;
  }

  /**
   * The listing's first photo (when it has one) with the alert as its caption, the button that
   * pauses the search and the one that opens the listing in the Mini App.
   */
  async matched({ userId, savedSearchId, listing }: SavedSearchAlert): Promise<void> {
    const photoUrl = listing.photoLocation && new URL(listing.photoLocation, this.config.PUBLIC_URL).toString();
    await this.sendTo(userId, (language) => ({
      ...withAppButton(matchedText(language, this.alerted(listing)), `/phone/${listing.id}`, language),
      photoUrl,
      button: { text: pauseButtonText(language), data: pauseAlertsData(savedSearchId) },
    }));
  }

  async digest({ userId, listings }: SavedSearchDigest): Promise<void> {
    await this.sendTo(userId, (language) => digestText(language, listings.map((listing) => this.alerted(listing))));
  }

  async priceLowered(userId: string, listing: SavedSearchAlert['listing'], before: Pick<AlertedListing, 'price' | 'valut'>): Promise<void> {
    await this.sendTo(userId, (language) => withAppButton(priceLoweredText(language, this.alerted(listing), before), `/phone/${listing.id}`, language));
  }

  /** The inbox's words for a match and a lower price: the bot's own, in every language. */
  matchedInbox(listing: SavedSearchAlert['listing']): Translated {
    return inEveryLanguage((language) => matchedText(language, this.alerted(listing)));
  }

  priceLoweredInbox(listing: SavedSearchAlert['listing'], before: Pick<AlertedListing, 'price' | 'valut'>): Translated {
    return inEveryLanguage((language) => priceLoweredText(language, this.alerted(listing), before));
  }

  private async sendTo(userId: string, message: (language: Language) => string | BotMessage): Promise<void> {
    const subscription = await this.links.subscriptionOf(userId);
    if (!subscription) return;
    for (let refusals = 1; ; refusals++) {
      await this.pacing.awaitPrivateMessageInPlace(subscription.chatId);
      const outcome = await this.bot.sendToPerson(userId, subscription.chatId, message(subscription.language));
      if (!('retryAfterMs' in outcome)) return;
      if (refusals >= REFUSALS_AWAITED) throw new Error(`Telegram refused the message to user ${userId}'s chat ${refusals} times (429)`);
    }
  }

  private alerted(listing: SavedSearchAlert['listing']): AlertedListing {
    return { ...listing, link: new URL(`/phone/${listing.id}`, this.config.PUBLIC_URL).toString() };
  }
}

function inEveryLanguage(text: (language: Language) => string): Translated {
  return Object.fromEntries(LANGUAGES.map((language) => [language, text(language)])) as Translated;
}
