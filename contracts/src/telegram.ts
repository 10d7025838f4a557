import { z } from 'zod';
import { accountNameSchema, signedInResponseSchema } from './auth';
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

/**
 * `POST /api/auth/telegram`: the Mini App's raw `initData` as Telegram gave it. `name` and `agree`
 * are the registration's and count only when the number the person shared has no account yet.
 */
export const telegramSignInSchema = z.object({
  initData: z.string({ error: 'required' }).min(1, 'required').max(4096),
  name: accountNameSchema.optional(),
  agree: z.literal(true, { error: 'agreeToTerms' }).optional(),
});
export type TelegramSignInRequest = z.infer<typeof telegramSignInSchema>;

/**
 * Signed in, with the session the Mini App sends in the SESSION_HEADER (a Telegram Web iframe has
 * no cookies of ours); or the Telegram user's chat is not linked and no contact was shared yet:
 * the app asks for the phone number (`requestContact`) and tries again.
 */
export const telegramSignInResponseSchema = z.discriminatedUnion('status', [
  signedInResponseSchema.extend({
    status: z.literal('signedIn'),
    session: z.object({ token: z.string(), expiresAt: z.string() }),
  }),
  z.object({ status: z.literal('contactNeeded') }),
]);
export type TelegramSignInResponse = z.infer<typeof telegramSignInResponseSchema>;
