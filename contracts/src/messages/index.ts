import type { Language, Translated } from '../languages';
import { AUTH_MESSAGES } from './auth';
import { BUYER_MESSAGES } from './buyers';
import { CATALOGUE_MESSAGES } from './catalogue';
import { COMMON_MESSAGES } from './common';
import { CONVERSATION_MESSAGES } from './conversations';
import { LISTING_MESSAGES } from './listings';
import { MODERATION_MESSAGES } from './moderation';
import { PAYMENT_MESSAGES } from './payments';
import { PROMOTION_MESSAGES } from './promotions';
import { REPORT_MESSAGES } from './reports';
import { REPUTATION_MESSAGES } from './reputation';
import { TELEGRAM_MESSAGES } from './telegram';

/**
 * Messages the server answers with and the forms show under a field. The keys are the
 * spec's message keys; the frontend translates a field error by its key, the server
 * sends the texts of every language in the error envelope. Each area keeps its
 * messages in its own file beside this one.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...LISTING_MESSAGES,
  ...MODERATION_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...PROMOTION_MESSAGES,
  ...REPORT_MESSAGES,
  ...TELEGRAM_MESSAGES,
  ...BUYER_MESSAGES,
  ...CONVERSATION_MESSAGES,
  ...REPUTATION_MESSAGES,
} as const satisfies Record<string, Translated>;


export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Fills `{{name}}` placeholders, the same syntax i18next uses on the frontend. */
export function fillPlaceholders(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function formatMessage(key: MessageKey, language: Language, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(MESSAGES[key][language], params);
}

export function translateMessage(key: MessageKey, params: Record<string, string | number> = {}): Translated {
  return {
    uz: formatMessage(key, 'uz', params),
    ru: formatMessage(key, 'ru', params),
    en: formatMessage(key, 'en', params),
  };
}
