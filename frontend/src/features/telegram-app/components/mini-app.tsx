import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { errorText } from '../../../components/form/form-error';
import { SIGN_IN_ACTION } from '../../../lib/auth';
import { lazyWhenOnline } from '../../../lib/load-chunk';
import { watchMainAction } from '../../../lib/main-action';
import { toast } from '../../../lib/toast';
import { launchSignIn, signInWithTelegram } from '../api/sign-in-with-telegram';
import '../mini-app.css';
import { postToTelegram } from '../post-to-telegram';
import { MiniAppNav } from './mini-app-nav';

/**
 * Telegram's SDK (18 KB gzipped) and its buttons: for the first screen with a way back or a main
 * action, after its paint. The home page, Telegram's root with no main action, downloads none of
 * it (launch-params gives the colours, language and initData).
 */
const TelegramButtons = lazyWhenOnline(() => import('./telegram-buttons'));
/** Only for a Telegram user not yet known here, once: its form (with the schema library) loads then. */
const ContactRequest = lazyWhenOnline(() => import('./contact-request').then((module) => ({ default: module.ContactRequest })));

/** Resolves once the browser has painted what was rendered (at once in a hidden tab, which paints nothing). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve));
  });
}

/** Whether the browser has painted the first screen yet; then Telegram is told the app is ready, and to give it the full height. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      void afterPaint().then(() => {
        postToTelegram('web_app_ready');
        postToTelegram('web_app_expand');
        setPainted(true);
      }),
    [],
  );
  return painted;
}

/** Whether a screen has needed Telegram's buttons yet (a way back, a main action): from then on they stay, to hide and show. */
function useButtonsNeeded(canGoBack: boolean): boolean {
  const [needed, setNeeded] = useState(canGoBack);
  if (canGoBack && !needed) setNeeded(true);
  useEffect(() => {
    if (needed) return;
    return watchMainAction((action) => {
      if (action) setNeeded(true);
    });
  }, [needed]);
  return needed;
}

/** Whether the app's own history has a page to go back to (Telegram's BackButton then shows). */
function useCanGoBack(): boolean {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [seen, setSeen] = useState({ key: location.key, depth: 0 });
  if (seen.key !== location.key) {
    const step = navigationType === 'PUSH' ? 1 : navigationType === 'POP' ? -1 : 0;
    setSeen({ key: location.key, depth: Math.max(0, seen.depth + step) });
  }
  return seen.depth > 0;
}

/**
 * The launch's sign-in (asked before the first render, launchSignIn): a person not yet known here
 * is asked to share their number (ContactRequest), then signed in with it.
 */
function useLaunchSignIn(): { contactNeeded: boolean; signIn: (details: { name?: string; agree?: true }) => Promise<boolean>; dismiss: () => void } {
  const [contactNeeded, setContactNeeded] = useState(false);
  const signIn = async (details: { name?: string; agree?: true } = {}) => {
    const answer = await signInWithTelegram(details);
    if (answer.status !== 'signedIn') return false;
    setContactNeeded(false);
    void import('../telegram-sdk').then(({ feelSuccess }) => feelSuccess());
    return true;
  };
  useEffect(() => {
    launchSignIn().then(
      (answer) => {
        if (answer.status === 'contactNeeded') setContactNeeded(true);
      },
      // Asked before the page's language was on: told in the language shown now.
      (error: unknown) => toast.error(errorText(error), { action: SIGN_IN_ACTION }),
    );
  }, []);
  return { contactNeeded, signIn, dismiss: () => setContactNeeded(false) };
}

/** The Mini App's shell: sign-in, the bottom bar in place of the site's top bar, then Telegram's buttons when a screen needs them. */
export default function MiniApp() {
  const painted = usePainted();
  const canGoBack = useCanGoBack();
  const buttonsNeeded = useButtonsNeeded(canGoBack);
  const { contactNeeded, signIn, dismiss } = useLaunchSignIn();
  return (
    <>
      <MiniAppNav />
      {painted && buttonsNeeded && (
        <Suspense fallback={null}>
          <TelegramButtons canGoBack={canGoBack} />
        </Suspense>
      )}
      {contactNeeded && (
        <Suspense fallback={null}>
          <ContactRequest signIn={signIn} onClose={dismiss} />
        </Suspense>
      )}
    </>
  );
}
