import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

/** The language the bot will speak to the seller: the one the site showed when they linked. */
export const telegramLinkRequestSchema = z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) });
export type TelegramLinkRequest = z.infer<typeof telegramLinkRequestSchema>;
