import { lazy } from 'react';

/**
 * The marketplace as a Telegram Mini App (issue 40). Only its shell's code, with Telegram's SDK,
 * loads inside Telegram (`insideTelegram`, lib/telegram-launch); the web app downloads none of it.
 */
export const MiniApp = lazy(() => import('./components/mini-app'));
