/** The settings card that links a seller's account to the sellers' Telegram bot. */
export { TelegramCard } from './components/telegram-card';
