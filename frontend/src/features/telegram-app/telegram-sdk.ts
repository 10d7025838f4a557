import { backButton, createPostEvent, hapticFeedback, init, mainButton, miniApp, supports, themeParams, viewport, type PostEventFn } from '@telegram-apps/sdk-react';
import { telegramVersion } from './launch-params';
import { webviewProxy } from './post-to-telegram';

/**
 * The SDK's own way to call Telegram (a method this client's version lacks is refused), except in
 * Telegram's phone apps, where the call goes straight to their webview's proxy: the SDK's bridge
 * finds that proxy by validating the whole window for every call (valibot's looseObject reads each
 * of its properties), which reads a deprecated one (Lighthouse's best practices: FencedFrame) and
 * takes time on a phone. Telegram Web's iframe and the rest keep the bridge's way.
 */
function postEventTo(version: string): PostEventFn {
  const viaBridge = createPostEvent(version);
  return ((method: string, params?: unknown) => {
    const proxy = webviewProxy();
    if (!proxy || !supports(method as Parameters<typeof supports>[0], version)) {
      return (viaBridge as (method: string, params?: unknown) => void)(method, params);
    }
    proxy.postEvent(method, JSON.stringify(params));
  }) as PostEventFn;
}

let started = false;

/**
 * Starts Telegram's SDK once per page, when a screen first needs its buttons or haptics (the page
 * drew with the launch parameters' colours, launch-params, and the shell told Telegram it is ready
 * and to expand): Telegram's colours (themeParams, light or dark, and their later changes) and the
 * viewport's height and safe areas become CSS variables on <html> (mini-app.css maps them onto the
 * site's), and the Back and Main buttons are ours to drive.
 */
export function startTelegramSdk(): void {
  if (started) return;
  started = true;
  init({ postEvent: postEventTo(telegramVersion()) });
  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  const [viewportMounting, mounted] = viewport.mount.ifAvailable();
  if (viewportMounting) void mounted.then(() => viewport.bindCssVars.ifAvailable()).catch(() => undefined);
}

/** A sign-in done, felt in the hand. */
export function feelSuccess(): void {
  startTelegramSdk();
  hapticFeedback.notificationOccurred.ifAvailable('success');
}
