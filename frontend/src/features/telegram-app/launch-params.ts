import { LANGUAGES, parseStartAppParam, type Language, type StartAppTarget } from '@market/contracts';

/**
 * Telegram's launch parameters (core.telegram.org/bots/webapps), read without its SDK: the first
 * screen draws with them while the SDK loads after it. Telegram puts them in the address
 * (`tgWebAppStartParam` in the query, the rest in the hash); the app's first move drops the hash,
 * so they are also kept in sessionStorage under the SDK's own key and format (the query string as
 * JSON), where the SDK finds them after a reload, as this does.
 */
const STORAGE_KEY = 'tapps/launchParams';

/** Telegram's colours as its clients send them (`bg_color`, `button_text_color`, …). */
export type ThemeColours = Record<string, string>;

interface TelegramUser {
  first_name?: string;
  last_name?: string;
  language_code?: string;
}

let launch: URLSearchParams | undefined;

/** The address's query and hash as one query, as the SDK reads them. */
function queryOf(address: string | undefined): string {
  return address?.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&') ?? '';
}

function storedQuery(): string {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as string) : '';
  } catch {
    return '';
  }
}

function launchParams(): URLSearchParams {
  if (launch) return launch;
  const navigation = performance.getEntriesByType('navigation')[0];
  const query = [queryOf(window.location.href), queryOf(navigation?.name)].find((candidate) => new URLSearchParams(candidate).has('tgWebAppData'));
  if (query) {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(query));
    } catch {
      // Storage switched off: this page still has the address it was opened at.
    }
  }
  launch = new URLSearchParams(query ?? storedQuery());
  return launch;
}

/** Telegram's signed initData as it came (`POST /api/auth/telegram` checks its signature); empty outside Telegram. */
export function rawInitData(): string {
  return launchParams().get('tgWebAppData') ?? '';
}

function telegramUser(): TelegramUser | undefined {
  try {
    const user = new URLSearchParams(rawInitData()).get('user');
    return user ? (JSON.parse(user) as TelegramUser) : undefined;
  } catch {
    return undefined;
  }
}

/** The version of the Mini Apps protocol the Telegram client speaks (what it offers depends on it). */
export function telegramVersion(): string {
  return launchParams().get('tgWebAppVersion') ?? '6.0';
}

/** What the link that opened the app names (`startapp`), if anything we know. */
export function startTarget(): StartAppTarget | undefined {
  const params = launchParams();
  return parseStartAppParam(params.get('tgWebAppStartParam') ?? new URLSearchParams(rawInitData()).get('start_param') ?? undefined);
}

/** The Telegram user's own language, when the site speaks it. */
export function telegramLanguage(): Language | undefined {
  const code = telegramUser()?.language_code;
  return LANGUAGES.find((language) => language === code);
}

/** The name Telegram knows the user by, to offer for a new account. */
export function telegramName(): string {
  const user = telegramUser();
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}

/** Telegram's colours at launch (`tgWebAppThemeParams`); the SDK follows a change of theme later. */
export function launchTheme(): ThemeColours {
  try {
    const theme: unknown = JSON.parse(launchParams().get('tgWebAppThemeParams') ?? '{}');
    return theme && typeof theme === 'object' ? (theme as ThemeColours) : {};
  } catch {
    return {};
  }
}

/**
 * Puts on Telegram's colours before the first render: `--tg-theme-<name>` on <html>, the names
 * the SDK binds (mini-app.css maps them onto the site's), and the attribute mini-app.css keys on.
 */
export function wearLaunchTheme(): void {
  const root = document.documentElement;
  root.setAttribute('data-telegram-app', '');
  for (const [name, colour] of Object.entries(launchTheme())) {
    if (typeof colour === 'string') root.style.setProperty(`--tg-theme-${name.replace(/_/g, '-')}`, colour);
  }
}
