import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Telegram's web clients (web.telegram.org/k and /a) show a Mini App in an iframe of their own page. */
export const TELEGRAM_WEB_CLIENTS = ['https://web.telegram.org'];

/**
 * The Mini App's entry page (MINI_APP_PATH, the URL registered with BotFather) may be framed by
 * Telegram's web clients; every other page, and the API, stays unframeable (helmet's
 * `frame-ancestors 'self'` and X-Frame-Options). X-Frame-Options cannot name another site, so the
 * entry page goes without it: browsers obey frame-ancestors first. The app then moves between its
 * pages in the same document, which stays the framed one.
 */
export function miniAppFraming(directives: Record<string, string[]>): RequestHandler {
  const policy = helmet.contentSecurityPolicy({ directives: { ...directives, 'frame-ancestors': ["'self'", ...TELEGRAM_WEB_CLIENTS] } });
  return (request, response, next) => {
    response.removeHeader('X-Frame-Options');
    policy(request, response, next);
  };
}
