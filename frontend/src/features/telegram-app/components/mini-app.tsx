import { backButton, hapticFeedback, mainButton, retrieveRawInitData } from '@telegram-apps/sdk-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useStartSession } from '../../../lib/auth';
import { changeLanguage, languageChosen } from '../../../lib/i18n';
import { watchMainAction, type MainAction } from '../../../lib/main-action';
import { setHeaderSessionToken } from '../../../lib/telegram-launch';
import { toast } from '../../../lib/toast';
import { signInWithTelegram } from '../api/sign-in-with-telegram';
import '../mini-app.css';
import { startTelegramSdk, telegramLanguage } from '../telegram-sdk';
import { MiniAppNav } from './mini-app-nav';
import { lazyWhenOnline } from '../../../lib/load-chunk';

/** Only for a Telegram user not yet known here, once: its form (with the schema library) loads then. */
const ContactRequest = lazyWhenOnline(() => import('./contact-request').then((module) => ({ default: module.ContactRequest })));

startTelegramSdk();
// Telegram's language until the person chooses one here.
const shownLanguage = telegramLanguage();
if (shownLanguage && !languageChosen()) void changeLanguage(shownLanguage, { remember: false });

/** Telegram's BackButton walks the app's own history back, and shows only when there is a way back. */
function useBackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const depth = useRef(0);
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (navigationType === 'PUSH') depth.current += 1;
    if (navigationType === 'POP') depth.current = Math.max(0, depth.current - 1);
    if (depth.current > 0) backButton.show.ifAvailable();
    else backButton.hide.ifAvailable();
  }, [location.key, navigationType]);
  useEffect(
    () =>
      backButton.onClick(() => {
        hapticFeedback.impactOccurred.ifAvailable('light');
        void navigate(-1);
      }),
    [navigate],
  );
}

/** Telegram's MainButton carries the screen's main action (useMainAction), with a tap felt in the hand. */
function useMainButton() {
  useEffect(() => {
    let shown: MainAction | null = null;
    const stopListening = mainButton.onClick(() => {
      if (!shown || shown.disabled || shown.busy) return;
      hapticFeedback.impactOccurred.ifAvailable('medium');
      shown.run();
    });
    const stopWatching = watchMainAction((action) => {
      shown = action;
      mainButton.setParams.ifAvailable(
        action ? { text: action.label, isVisible: true, isEnabled: !action.disabled, isLoaderVisible: Boolean(action.busy) } : { isVisible: false, isLoaderVisible: false },
      );
    });
    return () => {
      stopListening();
      stopWatching();
    };
  }, []);
}

let launchSignIn: ReturnType<typeof signInWithTelegram> | undefined;

/**
 * Signs in on launch with Telegram's initData: at once when the chat with the bot is linked;
 * otherwise the person is asked to share their number (ContactRequest). A new launch's session
 * replaces the one this page had.
 */
function useLaunchSignIn(): { contactNeeded: boolean; signIn: (details: { name?: string; agree?: true }) => Promise<boolean>; dismiss: () => void } {
  const startSession = useStartSession();
  const [contactNeeded, setContactNeeded] = useState(false);
  const signIn = async (details: { name?: string; agree?: true } = {}) => {
    const answer = await signInWithTelegram({ initData: retrieveRawInitData() ?? '', ...details });
    if (answer.status !== 'signedIn') return false;
    setHeaderSessionToken(answer.session.token);
    startSession(answer, { announce: false });
    setContactNeeded(false);
    hapticFeedback.notificationOccurred.ifAvailable('success');
    return true;
  };
  useEffect(() => {
    launchSignIn ??= signInWithTelegram({ initData: retrieveRawInitData() ?? '' });
    launchSignIn.then(
      (answer) => {
        if (answer.status === 'contactNeeded') return setContactNeeded(true);
        setHeaderSessionToken(answer.session.token);
        startSession(answer, { announce: false });
      },
      (error: Error) => toast.error(error.message),
    );
  }, [startSession]);
  return { contactNeeded, signIn, dismiss: () => setContactNeeded(false) };
}

/** The Mini App's shell: Telegram's buttons, sign-in and the bottom bar in place of the site's top bar. */
export default function MiniApp() {
  useBackButton();
  useMainButton();
  const { contactNeeded, signIn, dismiss } = useLaunchSignIn();
  return (
    <>
      <MiniAppNav />
      {contactNeeded && (
        <Suspense fallback={null}>
          <ContactRequest signIn={signIn} onClose={dismiss} />
        </Suspense>
      )}
    </>
  );
}
