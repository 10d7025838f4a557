import { backButton, init, mainButton, miniApp, retrieveLaunchParams, themeParams, viewport } from '@telegram-apps/sdk-react';
import { LANGUAGES, parseStartAppParam, type Language, type StartAppTarget } from '@market/contracts';

let started = false;

/**
 * Starts Telegram's SDK once per page: Telegram's colours (themeParams, light or dark) and the
 * viewport's height and safe areas become CSS variables on <html> (mini-app.css maps them onto the
 * site's), and the Back and Main buttons are ours to drive. Then tells Telegram the app is ready.
 */
export function startTelegramSdk(): void {
  if (started) return;
  started = true;
  init();
  document.documentElement.setAttribute('data-telegram-app', '');
  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  const [viewportMounting, mounted] = viewport.mount.ifAvailable();
  if (viewportMounting) {
    void mounted
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch(() => undefined);
  }
  miniApp.ready.ifAvailable();
}

/** What the link that opened the app names (`startapp`), if anything we know. */
export function startTarget(): StartAppTarget | undefined {
  try {
    return parseStartAppParam(retrieveLaunchParams(true).tgWebAppStartParam);
  } catch {
    // The entry page opened outside Telegram: no launch parameters, the app's home.
    return undefined;
  }
}

/** The Telegram user's own language, when the site speaks it. */
export function telegramLanguage(): Language | undefined {
  const code = retrieveLaunchParams(true).tgWebAppData?.user?.languageCode;
  return LANGUAGES.find((language) => language === code);
}

/** The name Telegram knows the user by, to offer for a new account. */
export function telegramName(): string {
  const user = retrieveLaunchParams(true).tgWebAppData?.user;
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}
