/** The Telegram Mini App's entry page (MINI_APP_PATH): on to what its link names. */
export { MiniAppEntry as Component } from '../../features/telegram-app/components/mini-app-entry';
