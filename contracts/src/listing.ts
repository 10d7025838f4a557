import { z } from 'zod';

export const LISTING_STATUSES = ['active', 'noActive', 'waiting', 'cancelled', 'draft'] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/** 'valut' on the wire: a listing price keeps the currency the seller chose. */
export const CURRENCIES = ['uzs', 'usd'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const SOCIAL_CHANNELS = ['telegram', 'instagram', 'facebook'] as const;
export const socialChannelSchema = z.enum(SOCIAL_CHANNELS);
export type SocialChannel = z.infer<typeof socialChannelSchema>;

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

export const tariffValueSchema = z.union([z.literal(0), z.literal(1)]);

export function tariffCost(tariff: Tariff): number {
  return tariff.price - tariff.discount;
}

/** The badge of a discounted tariff, e.g. -100 for 'Super 4x'. */
export function tariffDiscountPercent(tariff: Tariff): number {
  return tariff.price === 0 ? 0 : -Math.round((tariff.discount / tariff.price) * 100);
}
