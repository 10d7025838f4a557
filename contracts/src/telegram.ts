import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

/** The language the bot will speak to the seller: the one the site showed when they linked. */
export const telegramLinkRequestSchema = z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) });
export type TelegramLinkRequest = z.infer<typeof telegramLinkRequestSchema>;

/** `POST /api/user/telegram/link`: a one-time deep link `t.me/<bot>?start=<token>`, valid until `expiresAt` (ISO). */
export const telegramLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/**
 * `GET /api/user/telegram`: whether the seller's account is linked to a chat with the bot, and
 * whether the site has a bot at all (without one, nothing offers to connect).
 */
export const telegramStatusSchema = z.object({ linked: z.boolean(), botConfigured: z.boolean() });
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;
