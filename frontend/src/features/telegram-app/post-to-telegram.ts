interface WebviewProxy {
  postEvent: (method: string, params: string | undefined) => void;
}

/** The proxy Telegram's phone and desktop apps put in their webview, when the app runs in one (not in Telegram Web's iframe). */
export function webviewProxy(): WebviewProxy | undefined {
  const proxy = (window as { TelegramWebviewProxy?: Partial<WebviewProxy> }).TelegramWebviewProxy;
  return window.self === window.top && typeof proxy?.postEvent === 'function' ? (proxy as WebviewProxy) : undefined;
}

/**
 * Calls one of the Mini Apps methods every client version has (core.telegram.org/api/web-events)
 * without the SDK, which loads only for a screen with Telegram's buttons: through the webview's
 * proxy in Telegram's apps, by postMessage to Telegram Web's page from its iframe.
 */
export function postToTelegram(method: 'web_app_ready' | 'web_app_expand'): void {
  const proxy = webviewProxy();
  if (proxy) proxy.postEvent(method, undefined);
  else if (window.self !== window.top) window.parent.postMessage(JSON.stringify({ eventType: method }), 'https://web.telegram.org');
}
