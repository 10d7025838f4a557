import { useLoginFlag } from '../lib/auth/login-flag';
import { SESSION_MESSAGE, type SessionMessage } from './offline-rules';

/** Where the build writes the worker (vite.config.ts): at the root, so it serves every page. */
const WORKER_URL = '/sw.js';

function tellWorker(signedIn: boolean): void {
  const message: SessionMessage = { type: SESSION_MESSAGE, signedIn };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/**
 * Installs the offline worker once the page has loaded (it never competes with the first page),
 * and keeps it told whether someone is signed in: it keeps no API answers of a signed-in visitor.
 * Built pages only: the dev server's modules are not cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  tellWorker(useLoginFlag.getState().loggedIn);
  useLoginFlag.subscribe((state, previous) => {
    if (state.loggedIn !== previous.loggedIn) tellWorker(state.loggedIn);
  });
}
