import { fillPlaceholders, formatListingPrice, type Currency, type Language, type Translated } from '@market/contracts';

/**
 * What the bot tells buyers, in the language they linked the bot in. /stop unlinks the chat, the
 * seller's notices included: the alerts say so, beside the button that pauses one search.
 */
export const BUYER_ALERT_TEXTS = {
  matched: {
    uz: "🔔 Saqlangan qidiruvingizga mos yangi e'lon: {{name}}\nNarxi: {{price}}\n{{link}}\n\nBarcha xabarlarni to'xtatish: /stop",
    ru: '🔔 Новое объявление по вашему сохранённому поиску: {{name}}\nЦена: {{price}}\n{{link}}\n\nОтключить все уведомления бота: /stop',
    en: '🔔 A new listing matches your saved search: {{name}}\nPrice: {{price}}\n{{link}}\n\nTo stop every message from this bot: /stop',
  },
  digest: {
    uz: "🔔 Bugun saqlangan qidiruvlaringizga mos yangi e'lonlar:\n{{listings}}\n\nBarcha xabarlarni to'xtatish: /stop",
    ru: '🔔 Новые объявления за сегодня по вашим сохранённым поискам:\n{{listings}}\n\nОтключить все уведомления бота: /stop',
    en: '🔔 Today\'s new listings for your saved searches:\n{{listings}}\n\nTo stop every message from this bot: /stop',
  },
  priceLowered: {
    uz: "📉 Saralangan e'loningiz arzonlashdi: {{name}}\n{{oldPrice}} → {{price}}\n{{link}}",
    ru: '📉 Объявление из избранного подешевело: {{name}}\n{{oldPrice}} → {{price}}\n{{link}}',
    en: '📉 A listing you keep is cheaper now: {{name}}\n{{oldPrice}} → {{price}}\n{{link}}',
  },
  pause: { uz: "Bu qidiruv bo'yicha xabarlarni to'xtatish", ru: 'Остановить уведомления по этому поиску', en: 'Stop alerts for this search' },
  more: { uz: "…va yana {{count}} ta e'lon saytda", ru: '…и ещё {{count}} на сайте', en: '…and {{count}} more on the site' },
} as const satisfies Record<string, Translated>;

/** Listings a digest names, at most: a Telegram message holds 4096 characters. */
const DIGEST_LISTINGS = 20;

export interface AlertedListing {
  name: string | null;
  price: number | null;
  valut: Currency;
  link: string;
}

/** The pause button under an instant alert, in the buyer's language. */
export function pauseButtonText(language: Language): string {
  return BUYER_ALERT_TEXTS.pause[language];
}

function priceText(listing: AlertedListing, language: Language): string {
  return listing.price === null ? '—' : formatListingPrice(listing.price, listing.valut, language);
}

export function matchedText(language: Language, listing: AlertedListing): string {
  return fillPlaceholders(BUYER_ALERT_TEXTS.matched[language], { name: listing.name ?? '', price: priceText(listing, language), link: listing.link });
}

export function priceLoweredText(language: Language, listing: AlertedListing, before: Pick<AlertedListing, 'price' | 'valut'>): string {
  return fillPlaceholders(BUYER_ALERT_TEXTS.priceLowered[language], {
    name: listing.name ?? '',
    oldPrice: priceText({ ...listing, ...before }, language),
    price: priceText(listing, language),
    link: listing.link,
  });
}

export function digestText(language: Language, listings: readonly AlertedListing[]): string {
  const lines = listings.slice(0, DIGEST_LISTINGS).map((listing) => `• ${listing.name ?? ''}, ${priceText(listing, language)}\n  ${listing.link}`);
  if (listings.length > DIGEST_LISTINGS) {
    lines.push(fillPlaceholders(BUYER_ALERT_TEXTS.more[language], { count: listings.length - DIGEST_LISTINGS }));
  }
  return fillPlaceholders(BUYER_ALERT_TEXTS.digest[language], { listings: lines.join('\n') });
}
