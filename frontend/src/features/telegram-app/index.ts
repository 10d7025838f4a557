import { MINI_APP_PATH, startAppPath } from '@market/contracts';
import { insideTelegram } from '../../lib/telegram-launch';
import { startPathInAddress } from './start-path';
import { lazyWhenOnline } from '../../lib/load-chunk';

/**
 * The marketplace as a Telegram Mini App (issue 40). Only its shell's code, with Telegram's SDK,
 * loads inside Telegram (`insideTelegram`, lib/telegram-launch); the web app downloads none of it.
 */
export const MiniApp = lazyWhenOnline(() => import('./components/mini-app'));

/**
 * Telegram opens the app at its entry page (MINI_APP_PATH) with the page its link names
 * (`startapp`): the address moves there in place before the first render, so that page is the
 * one loaded and drawn first. Drawn first, the entry page was an empty page for a moment and
 * the target's arrival moved everything on it (layout shift 0.11). Never fails: the entry page
 * moves on itself (MiniAppEntry) if Telegram's SDK did not load.
 */
export async function openStartTarget(): Promise<void> {
  if (!atEntryPage()) return;
  try {
    const { startTarget } = await import('./telegram-sdk');
    window.history.replaceState(null, '', startAppPath(startTarget()));
  } catch {
    // Offline or a redeploy: the entry page's own redirect takes over.
  }
}

/** The page the app opens on: at Telegram's entry page, the one the address's start parameter names (its code loads meanwhile). */
export function landingPath(): string {
  return atEntryPage() ? startPathInAddress() : window.location.pathname;
}

function atEntryPage(): boolean {
  return window.location.pathname === MINI_APP_PATH && insideTelegram();
}
