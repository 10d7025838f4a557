import type { Translated } from '../languages';

export const TELEGRAM_MESSAGES = {
  telegramBotNotConfigured: {
    uz: "Telegram bot hozircha ulanmagan",
    ru: 'Telegram-бот пока не подключён',
    en: 'The Telegram bot is not connected yet',
  },
  telegramLaunchInvalid: {
    uz: "Telegram ma'lumotlari tasdiqlanmadi. Ilovani Telegramdan qayta oching",
    ru: 'Данные Telegram не прошли проверку. Откройте приложение из Telegram заново',
    en: "Telegram's launch data could not be verified. Open the app from Telegram again",
  },
  telegramLaunchExpired: {
    uz: "Telegram ma'lumotlari eskirgan. Ilovani Telegramdan qayta oching",
    ru: 'Данные Telegram устарели. Откройте приложение из Telegram заново',
    en: "Telegram's launch data has expired. Open the app from Telegram again",
  },
} as const satisfies Record<string, Translated>;
