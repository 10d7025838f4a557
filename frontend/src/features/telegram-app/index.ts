import { MINI_APP_PATH, startAppPath, type Language } from '@market/contracts';
import { loadWhenOnline, lazyWhenOnline } from '../../lib/load-chunk';
import { insideTelegram } from '../../lib/telegram-launch';

const loadMiniApp = () => import('./components/mini-app');

/**
 * The marketplace as a Telegram Mini App (issue 40). Only its shell's code, with Telegram's SDK,
 * loads inside Telegram (`insideTelegram`, lib/telegram-launch); the web app downloads none of it.
 */
export const MiniApp = lazyWhenOnline(loadMiniApp);

/** What the first render waits for inside Telegram (start.tsx): the language to show and the shell's code. */
export interface MiniAppStart {
  language: Language | undefined;
  shell: Promise<unknown>;
}

/**
 * Inside Telegram, before the first render (start.tsx), from the launch parameters alone: Telegram's
 * colours go on, and the address moves in place from the entry page (MINI_APP_PATH) to the page
 * its link names (`startapp`), so that page is the one loaded and drawn first (drawn first, the
 * empty entry page was replaced a moment later: layout shift 0.11), and the launch's sign-in is
 * asked. Neither the sign-in nor Telegram's SDK is waited for: the shell loads the SDK after the
 * first paint. Never fails; undefined outside Telegram, whose visitors download none of this.
 */
export async function prepareMiniApp(): Promise<MiniAppStart | undefined> {
  if (!insideTelegram()) return undefined;
  // A chunk that fails (a redeploy) fails its component later (MiniApp, the entry page), not the first render.
  const shell = loadWhenOnline(loadMiniApp).catch(() => undefined);
  try {
    const [launch, { launchSignIn }] = await Promise.all([loadWhenOnline(() => import('./launch-params')), loadWhenOnline(() => import('./api/sign-in-with-telegram'))]);
    launch.wearLaunchTheme();
    // Not waited for: the shell tells its failure, or asks for the number.
    launchSignIn().catch(() => undefined);
    if (window.location.pathname === MINI_APP_PATH) window.history.replaceState(null, '', startAppPath(launch.startTarget()));
    return { language: launch.telegramLanguage(), shell };
  } catch {
    return { language: undefined, shell };
  }
}
