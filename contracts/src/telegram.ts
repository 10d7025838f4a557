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

/** The header a Mini App's request carries its session in: `Authorization: Bearer <token>`. */
export const SESSION_HEADER = 'authorization';

/**
 * What a Mini App link opens (`https://t.me/<bot>/<app>?startapp=<param>`): Telegram allows
 * 1-512 of A-Z a-z 0-9 _ -, so a listing is its id, a conversation `c_<id>`, a saved search `s_<id>`.
 */
export type StartAppTarget = { listingId: string } | { conversationId: string } | { savedSearchId: string };

const START_APP_PREFIXES = { conversationId: 'c_', savedSearchId: 's_' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function startAppParam(target: StartAppTarget): string {
  if ('listingId' in target) return target.listingId;
  if ('conversationId' in target) return `${START_APP_PREFIXES.conversationId}${target.conversationId}`;
  return `${START_APP_PREFIXES.savedSearchId}${target.savedSearchId}`;
}

/** The target a start parameter names; undefined for anything else (the app then opens its home). */
export function parseStartAppParam(param: string | undefined): StartAppTarget | undefined {
  if (!param) return undefined;
  if (UUID.test(param)) return { listingId: param };
  for (const [key, prefix] of Object.entries(START_APP_PREFIXES) as [keyof typeof START_APP_PREFIXES, string][]) {
    const id = param.slice(prefix.length);
    if (param.startsWith(prefix) && UUID.test(id)) return { [key]: id } as StartAppTarget;
  }
  return undefined;
}

/** The Mini App link of a target, or undefined when the bot or its Mini App is not configured. */
export function miniAppLink(botUsername: string, miniAppName: string, target: StartAppTarget): string | undefined {
  if (!botUsername || !miniAppName) return undefined;
  return `https://t.me/${botUsername}/${miniAppName}?startapp=${startAppParam(target)}`;
}

/** The Mini App's entry page, the URL registered with BotFather: `<PUBLIC_URL>/mini-app`. */
export const MINI_APP_PATH = '/mini-app';
