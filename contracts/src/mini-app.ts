/**
 * The Telegram Mini App's addresses and words shared by the API, the workers and the app. No zod
 * here: the app's router imports MINI_APP_PATH, and its first load must not grow for it.
 */

/** The header a Mini App's request carries its session in: `Authorization: Bearer <token>`. */
export const SESSION_HEADER = 'authorization';

/**
 * What a Mini App link opens (`https://t.me/<bot>/<app>?startapp=<param>`): Telegram allows
 * 1-512 of A-Z a-z 0-9 _ -, so a listing is its id, a conversation `c_<id>`, a saved search `s_<id>`,
 * my deals (listed above my conversations) `deals`.
 */
export type StartAppTarget = { listingId: string } | { conversationId: string } | { savedSearchId: string } | { deals: true };

const START_APP_PREFIXES = { conversationId: 'c_', savedSearchId: 's_' } as const;
const DEALS_PARAM = 'deals';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function startAppParam(target: StartAppTarget): string {
  if ('listingId' in target) return target.listingId;
  if ('conversationId' in target) return `${START_APP_PREFIXES.conversationId}${target.conversationId}`;
  if ('deals' in target) return DEALS_PARAM;
  return `${START_APP_PREFIXES.savedSearchId}${target.savedSearchId}`;
}

/** The target a start parameter names; undefined for anything else (the app then opens its home). */
export function parseStartAppParam(param: string | undefined): StartAppTarget | undefined {
  if (!param) return undefined;
  if (UUID.test(param)) return { listingId: param };
  if (param === DEALS_PARAM) return { deals: true };
  for (const [key, prefix] of Object.entries(START_APP_PREFIXES) as [keyof typeof START_APP_PREFIXES, string][]) {
    const id = param.slice(prefix.length);
    if (param.startsWith(prefix) && UUID.test(id)) return { [key]: id } as StartAppTarget;
  }
  return undefined;
}

/** The page of the app a start target opens (the home page for none). */
export function startAppPath(target: StartAppTarget | undefined): string {
  if (!target) return '/';
  if ('listingId' in target) return `/phone/${target.listingId}`;
  if ('conversationId' in target) return `/profile/messages/${target.conversationId}`;
  if ('deals' in target) return '/profile/messages';
  return '/profile/searches';
}

/** The Mini App link of a target, or undefined when the bot or its Mini App is not configured. */
export function miniAppLink(botUsername: string, miniAppName: string, target: StartAppTarget): string | undefined {
  if (!botUsername || !miniAppName) return undefined;
  return `https://t.me/${botUsername}/${miniAppName}?startapp=${startAppParam(target)}`;
}

/** The Mini App's entry page, the URL registered with BotFather: `<PUBLIC_URL>/mini-app`. */
export const MINI_APP_PATH = '/mini-app';

const LINKED_PAGES: Array<[RegExp, (id: string) => StartAppTarget]> = [
  [/^\/phone\/([0-9a-f-]{36})$/i, (listingId) => ({ listingId })],
  [/^\/profile\/messages\/([0-9a-f-]{36})$/i, (conversationId) => ({ conversationId })],
  [/^\/profile\/messages$/, () => ({ deals: true })],
];

/** The start target of a page of the site a message links to (a listing, a conversation, my deals); undefined for the others. */
export function startTargetOfPath(path: string | null): StartAppTarget | undefined {
  for (const [pattern, target] of LINKED_PAGES) {
    const match = path === null ? null : pattern.exec(path);
    if (match) return target(match[1]);
  }
  return undefined;
}
