/**
 * Whether the page runs as the Telegram Mini App, judged without loading Telegram's SDK (the web
 * app loads none of it): Telegram opens the app with its launch parameters in the address
 * (`#tgWebAppData=…`), and the SDK keeps them in sessionStorage for a reload after the app moved on.
 */
export function insideTelegram(): boolean {
  launchedInTelegram ??= /[#?&]tgWebAppData=/.test(window.location.href) || storedLaunch();
  return launchedInTelegram;
}

/** Judged once per page: the address loses the launch parameters when the app moves on. */
let launchedInTelegram: boolean | undefined;

function storedLaunch(): boolean {
  try {
    return sessionStorage.getItem('tapps/launchParams') !== null;
  } catch {
    // Storage switched off (a browser's privacy setting): not Telegram's webview, which always has it.
    return false;
  }
}

/** The Mini App's session token: Telegram Web's iframe keeps no cookies of ours, so it travels in a header (this launch only). */
const SESSION_KEY = 'miniAppSession';

export function headerSessionToken(): string | null {
  return insideTelegram() ? sessionStorage.getItem(SESSION_KEY) : null;
}

export function setHeaderSessionToken(token: string | null): void {
  if (token) sessionStorage.setItem(SESSION_KEY, token);
  else sessionStorage.removeItem(SESSION_KEY);
}

let replacement: Promise<unknown> | undefined;

/**
 * A sign-in on its way (`signIn`, already asked: it took the page's session before this call) gives
 * the page a new session, and the server ends the one the sign-in carried: a request sent beside it
 * with that one was refused, and the page signed out. Requests wait for it meanwhile (headerSessionToSend).
 */
export function replaceHeaderSession(signIn: Promise<unknown>): void {
  replacement = signIn.catch(() => undefined);
}

/** The Mini App's session token for a request about to go, once a sign-in replacing it is answered; null on the web. */
export async function headerSessionToSend(): Promise<string | null> {
  await replacement;
  return headerSessionToken();
}
