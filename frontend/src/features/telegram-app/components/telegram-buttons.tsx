import { backButton, hapticFeedback, mainButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { watchMainAction, type MainAction } from '../../../lib/main-action';
import { startTelegramSdk } from '../telegram-sdk';

startTelegramSdk();

/** Telegram's BackButton walks the app's own history back, and shows only when there is a way back. */
function useBackButton(canGoBack: boolean) {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    // Telegram starts with it hidden.
    if (canGoBack === shown.current) return;
    shown.current = canGoBack;
    if (canGoBack) backButton.show.ifAvailable();
    else backButton.hide.ifAvailable();
  }, [canGoBack]);
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

/**
 * Telegram's own buttons, with its SDK: loaded once a screen has a way back or a main action (the
 * pages are drawn without it), they take over what the screen offers by then (the shell counts the
 * way back from the start; watchMainAction tells the main action on screen).
 */
export default function TelegramButtons({ canGoBack }: { canGoBack: boolean }) {
  useBackButton(canGoBack);
  useMainButton();
  return null;
}
