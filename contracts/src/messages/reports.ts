import type { Translated } from '../languages';

/** Buyers' reports on listings. */
export const REPORT_MESSAGES = {
  listingReported: {
    uz: "Shikoyatingiz qabul qilindi. Adminlar e'lonni tekshiradi",
    ru: 'Жалоба принята. Администраторы проверят объявление',
    en: 'Your report was received. The admins will check the listing',
  },
  listingAlreadyReported: {
    uz: "Siz bu e'lon haqida allaqachon shikoyat qilgansiz",
    ru: 'Вы уже пожаловались на это объявление',
    en: 'You have already reported this listing',
  },
  listingReportOwn: {
    uz: "O'z e'loningiz haqida shikoyat qilib bo'lmaydi",
    ru: 'Нельзя пожаловаться на своё объявление',
    en: 'You cannot report your own listing',
  },
} as const satisfies Record<string, Translated>;
