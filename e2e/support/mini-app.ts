import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { MINI_APP_PATH } from '@market/contracts';
import { signedLaunch, type LaunchUser } from '../../test/support/telegram-init-data';

/** A dark Telegram theme (themeParams), as Telegram's clients send it. */
export const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_separator_color: '#111921',
};

/**
 * The address Telegram opens a Mini App at: the registered entry page with `startapp` (if the link
 * names a page) as tgWebAppStartParam, and the launch parameters in the hash, initData signed with
 * the bot's token.
 */
export function launchUrl(baseUrl: string, user: LaunchUser, startParam?: string): string {
  const launch = new URLSearchParams({
    tgWebAppData: signedLaunch(user, startParam ? { startParam } : {}),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(DARK_THEME),
  });
  return `${baseUrl}${MINI_APP_PATH}${startParam ? `?tgWebAppStartParam=${startParam}` : ''}#${launch}`;
}

/** Links the Telegram user's chat with the bot to an account, as /start with a deep link does. */
export async function linkTelegramChat(userId: string, chatId: number): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  await client.query(`INSERT INTO telegram_subscription (user_id, chat_id, language) VALUES ($1, $2, 'uz')`, [userId, chatId]);
  await client.end();
}

/**
 * Telegram's side of the Mini Apps protocol (core.telegram.org/api/web-events), in the page that
 * hosts the app: it records each method the app calls (`window.telegramCalls`), answers the theme,
 * viewport and safe-area requests, and `window.telegramPress(event)` sends a button press.
 * `send(eventType, eventData)` delivers an event; `listen(receive)` hooks the app's calls.
 */
function telegramClient({ theme, how }: { theme: Record<string, string>; how: 'webview' | 'iframe' }): void {
  type Call = [string, unknown];
  const target = window as unknown as { telegramCalls: Call[]; telegramPress: (event: string) => void };
  target.telegramCalls = [];
  const frame = () => document.querySelector('iframe')!.contentWindow!;
  const send = (eventType: string, eventData?: unknown) =>
    how === 'iframe'
      ? frame().postMessage(JSON.stringify({ eventType, eventData }), '*')
      : (window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data?: unknown) => void } } }).Telegram.WebView.receiveEvent(eventType, eventData);
  const receive = (method: string, params: unknown) => {
    target.telegramCalls.push([method, params]);
    const insets = { top: 0, bottom: 0, left: 0, right: 0 };
    const answers: Record<string, () => void> = {
      // The person agrees to share their number: Telegram sends the contact to the bot, then tells the app.
      web_app_request_phone: () => void (window as unknown as { sharePhone: () => Promise<void> }).sharePhone().then(() => send('phone_requested', { status: 'sent' })),
      web_app_request_theme: () => send('theme_changed', { theme_params: theme }),
      web_app_request_viewport: () => send('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true }),
      web_app_request_safe_area: () => send('safe_area_changed', insets),
      web_app_request_content_safe_area: () => send('content_safe_area_changed', insets),
    };
    if (answers[method]) setTimeout(answers[method]);
  };
  target.telegramPress = (event) => send(event);
  if (how === 'iframe') {
    window.addEventListener('message', (event) => {
      const { eventType, eventData } = JSON.parse(String(event.data)) as { eventType: string; eventData?: unknown };
      receive(eventType, eventData);
    });
  } else {
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent: (method: string, params?: string) => receive(method, params ? JSON.parse(params) : undefined),
    };
  }
}

/** The Telegram user's own number, which they share with the bot when the app asks (Telegram's "share phone number"). */
export async function ownNumber(page: Page, chatId: number, phoneNumber: string): Promise<void> {
  await page.exposeFunction('sharePhone', async () => {
    await fetch(`${process.env.E2E_FAKES_URL}/telegram`, { method: 'POST', body: JSON.stringify({ chatId, phoneNumber }) });
  });
}

/** Telegram's mobile app: the Mini App fills a webview, which talks through window.TelegramWebviewProxy. */
export async function openInTelegramApp(page: Page, url: string): Promise<void> {
  await page.addInitScript(telegramClient, { theme: DARK_THEME, how: 'webview' as const });
  await page.goto(url);
}

/** Telegram Web: https://web.telegram.org/k/ shows the Mini App in an iframe of its own page and talks by postMessage. */
export async function openInTelegramWeb(page: Page, url: string): Promise<void> {
  const host = `<!doctype html><html><body style="margin:0"><iframe src="${url.replace(/"/g, '&quot;')}" style="border:0;width:100vw;height:100vh"></iframe>
    <script>(${telegramClient.toString()})(${JSON.stringify({ theme: DARK_THEME, how: 'iframe' })});</script></body></html>`;
  await page.route('https://web.telegram.org/**', (route) => route.fulfill({ contentType: 'text/html', body: host }));
  await page.goto('https://web.telegram.org/k/');
}

/** The app's calls of one Mini Apps method, as the Telegram client received them. */
export async function telegramCalls(page: Page, method: string): Promise<unknown[]> {
  const calls = await page.evaluate(() => (window as unknown as { telegramCalls: [string, unknown][] }).telegramCalls);
  return calls.filter(([name]) => name === method).map(([, params]) => params);
}

/** The user presses one of Telegram's buttons (main_button_pressed, back_button_pressed). */
export async function press(page: Page, event: 'main_button_pressed' | 'back_button_pressed'): Promise<void> {
  await page.evaluate((name) => (window as unknown as { telegramPress: (event: string) => void }).telegramPress(name), event);
}
