import type { Translated } from '../languages';

export const TELEGRAM_MESSAGES = {
  telegramBotNotConfigured: {
    uz: "Telegram bot hozircha ulanmagan",
    ru: 'Telegram-бот пока не подключён',
    en: 'The Telegram bot is not connected yet',
  },
} as const satisfies Record<string, Translated>;
