import { backButton, hapticFeedback, init, mainButton, miniApp, themeParams, viewport } from '@telegram-apps/sdk-react';

let started = false;

/**
 * Starts Telegram's SDK once per page, after the first paint (the page drew with the launch
 * parameters' colours, launch-params): Telegram's colours (themeParams, light or dark, and their
 * later changes) and the viewport's height and safe areas become CSS variables on <html>
 * (mini-app.css maps them onto the site's), and the Back and Main buttons are ours to drive. Then
 * tells Telegram the app is ready.
 */
export function startTelegramSdk(): void {
  if (started) return;
  started = true;
  init();
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

/** A sign-in done, felt in the hand. */
export function feelSuccess(): void {
  startTelegramSdk();
  hapticFeedback.notificationOccurred.ifAvailable('success');
}
