/*
 * What a listing may be, without the schema library: the pages a visit starts on (the home
 * list, a listing) need these values but no schema, and a module that builds schemas brings
 * zod (a quarter of their download) along. The schemas built on them are in listing.ts.
 */
import type { Language, Translated } from './languages';

export const LISTING_STATUSES = ['active', 'noActive', 'waiting', 'cancelled', 'draft'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** A status as sellers read it, on the site and from the bot. */
export const LISTING_STATUS_LABELS: Record<ListingStatus, Translated> = {
  active: { uz: 'Faol', ru: 'Активно', en: 'Active' },
  noActive: { uz: 'Sotuvda emas', ru: 'Снято с продажи', en: 'Off sale' },
  waiting: { uz: 'Tekshiruvda', ru: 'На проверке', en: 'Awaiting review' },
  cancelled: { uz: 'Rad etilgan', ru: 'Отклонено', en: 'Rejected' },
  draft: { uz: 'Qoralama', ru: 'Черновик', en: 'Draft' },
};

/** Why an admin turns a listing down; 'other' carries the admin's own words. */
export const REJECTION_REASONS = ['fraud', 'contacts', 'duplicate', 'wrongPrice', 'poorPhotos', 'notAPhone', 'prohibited', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** A rejection reason as the moderator picks it and the seller reads it (site, bot); a stored 'other' is the admin's own words. */
export const REJECTION_REASON_LABELS: Record<RejectionReason, Translated> = {
  fraud: { uz: "Firibgarlik (oldindan to'lov so'raydi)", ru: 'Мошенничество (просит предоплату)', en: 'Fraud (asks for prepayment)' },
  contacts: { uz: "Tavsifda aloqa ma'lumotlari", ru: 'Контакты в описании', en: 'Contact details in the description' },
  duplicate: { uz: "Takroriy e'lon", ru: 'Повторное объявление', en: 'Duplicate listing' },
  wrongPrice: { uz: "Narx noto'g'ri", ru: 'Неверная цена', en: 'Wrong price' },
  poorPhotos: { uz: 'Rasmlar sifatsiz', ru: 'Плохие фотографии', en: 'Poor photos' },
  notAPhone: { uz: 'Bu telefon emas', ru: 'Это не телефон', en: 'Not a phone' },
  prohibited: { uz: 'Taqiqlangan mahsulot', ru: 'Запрещённый товар', en: 'Prohibited item' },
  other: { uz: 'Boshqa sabab', ru: 'Другая причина', en: 'Other reason' },
};

/** A stored rejection reason in `language`: a fixed reason's label, or the admin's own words as written. */
export function rejectionReasonText(stored: string, language: Language): string {
  return (REJECTION_REASONS as readonly string[]).includes(stored) ? REJECTION_REASON_LABELS[stored as RejectionReason][language] : stored;
}

/** 'valut' on the wire: a listing price keeps the currency the seller chose. */
export const CURRENCIES = ['uzs', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Back Market style grades of a used phone: A ideal, B good, C fair (the wizard shows each one's definition). */
export const CONDITION_GRADES = ['A', 'B', 'C'] as const;
export type ConditionGrade = (typeof CONDITION_GRADES)[number];

/** Battery health in %, as the phone's settings show it; optional. */
export const BATTERY_MIN = 50;
export const BATTERY_MAX = 100;

export const SOCIAL_CHANNELS = ['telegram', 'instagram', 'facebook'] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

/**
 * Why a listing was not posted to a channel its tariff has: the channel is not set up on this
 * deployment, or it kept refusing the post until the workers gave up (a moderator can post again).
 * The seller reads it with their listing, the bot and the inbox tell it.
 */
export const CHANNEL_SKIP_REASONS = ['notConfigured', 'gaveUp'] as const;
export type ChannelSkipReason = (typeof CHANNEL_SKIP_REASONS)[number];

export interface Tariff {
  /** The 'tarif' number stored on a listing. */
  value: 0 | 1;
  name: string;
  /** Prices are whole so'm. */
  price: number;
  discount: number;
  channels: readonly SocialChannel[];
}

export const TARIFFS: readonly Tariff[] = [
  { value: 0, name: 'Oddiy 1x', price: 0, discount: 0, channels: [] },
  { value: 1, name: 'Super 4x', price: 39_900, discount: 39_900, channels: SOCIAL_CHANNELS },
];

/** The promoted plan: listed first and posted to the social channels. */
export const PROMOTED_TARIFF = 1;

/** The tariff a listing's 'tarif' names: what it costs and which channels it is posted to. */
export function tariffOf(value: Tariff['value']): Tariff {
  const tariff = TARIFFS.find((candidate) => candidate.value === value);
  if (!tariff) throw new Error(`Unknown tariff ${value}`);
  return tariff;
}

export function tariffCost(tariff: Tariff): number {
  return tariff.price - tariff.discount;
}

/** The badge of a discounted tariff, e.g. -100 for 'Super 4x'. */
export function tariffDiscountPercent(tariff: Tariff): number {
  return tariff.price === 0 ? 0 : -Math.round((tariff.discount / tariff.price) * 100);
}

/**
 * How wide the detail page shows a listing's photos (the `sizes` of their `srcset`): the main
 * column of the page (frontend listing-detail-page.tsx, `max-w-6xl` less the 20rem side column
 * from 1024 px, the screen less its padding below). The server preloads the first photo with
 * the same value, or the browser would not reuse the preload.
 */
export const LISTING_PHOTO_SIZES = '(min-width: 1024px) 776px, calc(100vw - 32px)';
