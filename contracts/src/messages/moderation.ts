import type { Translated } from '../languages';

export const MODERATION_MESSAGES = {
  listingIncomplete: {
    uz: "E'lon hali to'liq to'ldirilmagan (qoralama)",
    ru: 'Объявление ещё не заполнено (черновик)',
    en: 'The listing is not complete yet (a draft)',
  },
} as const satisfies Record<string, Translated>;
