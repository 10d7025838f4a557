import { z } from 'zod';
import { imageRefSchema } from './catalogue';
import { FAVOURITE_STATES } from './buyer-constants';
import { listingCardSchema } from './listing';
import { reportSchema } from './listing-reports';
import { cardNumberSpans, outsideContactSpans, paymentClaimSpans, phoneFirstSpans, scamWordingSpans, secretRequestSpans } from './listing-text-checks';
import type { ErrorEnvelope } from './errors';
import type { Translated } from './languages';
import { CONVERSATION_LIMITS } from './conversation-constants';

/** Why a participant reports a conversation; 'other' needs their own words. */
export const CONVERSATION_REPORT_REASONS = ['fraud', 'spam', 'rude', 'other'] as const;

const messageText = z.string().trim().min(1, 'messageEmpty').max(CONVERSATION_LIMITS.textMax, 'messageTooLong');

/**
 * The sender's own key for one message (a UUID made when it is first sent, and sent again with it): a message sent
 * again because its answer never came is answered with the one already stored, never written twice.
 */
const clientKey = z.uuid('invalidValue').optional();

/** `POST /api/conversations`: writes to a listing's seller, opening the conversation the first time. */
export const startConversationSchema = z.object({ listingId: z.uuid('listingNotFound'), text: messageText, clientKey });
export type StartConversation = z.infer<typeof startConversationSchema>;

/** `POST /api/conversations/{id}/messages`: `images` are ids of photos sent through `POST /api/upload`. */
export const sendMessageSchema = z.object({
  text: messageText,
  images: z.array(z.uuid('invalidValue')).max(CONVERSATION_LIMITS.photosPerMessage, 'messagePhotosMax').default([]),
  clientKey,
});
export type SendMessage = z.input<typeof sendMessageSchema>;

export const conversationReportSchema = reportSchema(CONVERSATION_REPORT_REASONS);
export type ConversationReport = z.infer<typeof conversationReportSchema>;

export const conversationsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const messagesQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });

/**
 * Why a message carries a warning to its reader: it asks for money before the phone is seen, leads off the site,
 * asks for an SMS code or the card's details (`secretsAsked`: a 'buyer' who will pay once told the bank's code), or
 * tells the seller the money was sent and asks for the phone or shows a receipt (`paymentClaimed`: the fake receipt),
 * or asks for the phone to be sent or handed to a driver with the money to come after (`phoneFirst`).
 */
export const MESSAGE_WARNINGS = ['cardNumber', 'prepayment', 'outsideLink', 'secretsAsked', 'paymentClaimed', 'phoneFirst'] as const;
export type MessageWarning = (typeof MESSAGE_WARNINGS)[number];

/** How far back a card number sent in parts is looked for: the author's last messages, while they are recent. */
export const SPLIT_CARD_LOOKBACK = { messages: 7, minutes: 10 } as const;

/**
 * The trust checks' text rules (listing-text-checks) applied to a message. A phone number alone is
 * no warning: sharing one's own is the participant's choice. Warn, never block or mask. `earlier`:
 * the author's last messages (SPLIT_CARD_LOOKBACK), oldest first, read when the message may
 * complete a card number (mayCompleteCardNumber): one sent in parts ('8600 1234', then 'qolgani
 * 5678 9012') is flagged on the message that completes it.
 */
export function messageWarnings(text: string, earlier: readonly string[] = []): MessageWarning[] {
  const warnings: MessageWarning[] = [];
  if (cardNumberSpans(text).length || completesCardNumber(text, earlier)) warnings.push('cardNumber');
  if (scamWordingSpans(text).length) warnings.push('prepayment');
  if (outsideContactSpans(text).length) warnings.push('outsideLink');
  if (secretRequestSpans(text).length) warnings.push('secretsAsked');
  if (paymentClaimSpans(text).length) warnings.push('paymentClaimed');
  if (phoneFirstSpans(text).length) warnings.push('phoneFirst');
  return warnings;
}

function completesCardNumber(text: string, earlier: readonly string[]): boolean {
  if (earlier.length === 0) return false;
  const joined = [...earlier, text].join('\n');
  const opening = joined.length - text.length;
  return cardNumberSpans(joined).some((span) => span.start < opening && span.end > opening);
}

/** What the reader of a message flagged for money or a way off the site sees beside it. */
export const MESSAGE_WARNING_TEXT: Translated = {
  uz: "Telefonni ko'rmasdan oldin pul o'tkazmang",
  ru: 'Не переводите деньги, пока не увидели телефон',
  en: 'Do not send money before you have seen the phone',
};

/** What the reader of a message asking for a code or the card's details sees beside it. */
export const SECRETS_WARNING_TEXT: Translated = {
  uz: "SMS kodni, karta muddati va CVV ni hech kimga aytmang: pul o'tkazish uchun ular kerak emas",
  ru: 'Никому не сообщайте код из СМС, срок действия карты и CVV: для перевода денег они не нужны',
  en: "Never tell anyone an SMS code, your card's expiry date or CVV: no one needs them to send you money",
};

/** What the seller reading a message that says the money was sent sees beside it: a receipt or a screenshot proves nothing. */
export const PAYMENT_CLAIMED_WARNING_TEXT: Translated = {
  uz: "Pul kelganini bank ilovangizda tekshiring: chek yoki skrinshot soxta bo'lishi mumkin",
  ru: 'Проверьте поступление денег в приложении банка: чек или скриншот можно подделать',
  en: 'Check that the money has arrived in your bank app: a receipt or a screenshot can be faked',
};

/** What the seller asked to let the phone go before the money sees beside it. */
export const PHONE_FIRST_WARNING_TEXT: Translated = {
  uz: "Pul hisobingizga tushmaguncha telefonni bermang va jo'natmang",
  ru: 'Не отдавайте и не отправляйте телефон, пока деньги не поступили на ваш счёт',
  en: 'Do not hand over or send the phone before the money is in your account',
};

/** The warning beside a message: the one on a code or the card's details first, then a payment told as made, then the phone asked first; null when it carries none. */
export function messageWarningText(warnings: readonly MessageWarning[]): Translated | null {
  if (warnings.includes('secretsAsked')) return SECRETS_WARNING_TEXT;
  if (warnings.includes('paymentClaimed')) return PAYMENT_CLAIMED_WARNING_TEXT;
  if (warnings.includes('phoneFirst')) return PHONE_FIRST_WARNING_TEXT;
  return warnings.length ? MESSAGE_WARNING_TEXT : null;
}

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  authorId: z.string(),
  mine: z.boolean(),
  text: z.string(),
  /** The photos' public URLs (the 800 px copy). */
  images: z.array(z.string()),
  warnings: z.array(z.enum(MESSAGE_WARNINGS)),
  /** Mine, and the other person has read it. */
  read: z.boolean(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationStates = ['open', 'closed', 'blocked'] as const;

/** The listing a conversation is about, as its card shows it, and whether it is on sale, sold or removed. */
export const conversationListingSchema = listingCardSchema
  .pick({ _id: true, name: true, price: true, valut: true, image: true })
  .extend({ state: z.enum(FAVOURITE_STATES) });
export type ConversationListing = z.infer<typeof conversationListingSchema>;
const conversationRoleSchema = z.enum(['buyer', 'seller']);

export const conversationSchema = z.object({
  id: z.string(),
  role: conversationRoleSchema,
  /**
   * 'closed': the listing was sold or removed; 'blocked': one of the two blocked the other, which stops every
   * conversation between them. Readable, no new messages.
   */
  state: z.enum(conversationStates),
  /** The viewer blocked the other person (in this conversation or another of theirs): they may unblock. */
  blockedByMe: z.boolean(),
  listing: conversationListingSchema,
  other: z.object({ id: z.string(), name: z.string().nullable(), image: imageRefSchema.nullable() }),
  lastMessage: conversationMessageSchema.nullable(),
  unread: z.number().int(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({ conversations: z.array(conversationSchema), pages: z.number().int(), unread: z.number().int() });
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** Oldest first; `hasOlder` when scrolling up has more to load. */
export const messagePageSchema = z.object({ messages: z.array(conversationMessageSchema), hasOlder: z.boolean() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** One of a conversation's two people, as the moderators see them: their account's name (null: none given). */
const conversationPersonSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** `GET /api/admin/conversations/reported`: what the moderators may open, the latest report first, each report with who made it. */
export const reportedConversationPageSchema = z.object({
  conversations: z.array(
    z.object({
      id: z.string(),
      listing: conversationListingSchema,
      reportedAt: z.string(),
      reports: z.array(
        z.object({
          reason: z.enum(CONVERSATION_REPORT_REASONS),
          text: z.string().optional(),
          reporter: z.object({ role: conversationRoleSchema, name: z.string().nullable() }),
        }),
      ),
    }),
  ),
  pages: z.number().int(),
});
export type ReportedConversationPage = z.infer<typeof reportedConversationPageSchema>;

/** `GET /api/admin/conversations/{id}/messages`: a page of a reported thread, with what it is about and between whom. */
export const moderatorThreadPageSchema = messagePageSchema.extend({
  listing: conversationListingSchema,
  buyer: conversationPersonSchema,
  seller: conversationPersonSchema,
});
export type ModeratorThreadPage = z.infer<typeof moderatorThreadPageSchema>;

/**
 * Real time (Socket.IO on the API's port, signed in by the session cookie): the server pushes each
 * new message and read mark to both people's open pages, whichever API process each is connected
 * to. Messages are in PostgreSQL before they are pushed; a page that reconnects asks for the
 * messages after the last id it holds (`sync`), in order, and keeps each id once. A connected page
 * sends on the same connection (`send`), under every rule of `POST /api/conversations/{id}/messages`.
 */
export const CONVERSATION_SOCKET_PATH = '/api/socket.io';
export const CONVERSATION_SOCKET_EVENTS = {
  /** Server to client: a MessagePush. */
  message: 'conversation:message',
  /** Server to client: a ReadPush. */
  read: 'conversation:read',
  /**
   * Client to server, answered by its acknowledgement: a SyncRequest, answered with a SyncAnswer (a MessagePage,
   * hasOlder: more after these; or the refusal `GET /api/conversations/{id}/messages` would give).
   */
  sync: 'conversation:sync',
  /**
   * Client to server, answered by its acknowledgement: a SendRequest, answered with a SendAnswer. The same
   * message, limits and refusals as `POST /api/conversations/{id}/messages`, without a request's overhead.
   */
  send: 'conversation:send',
} as const;
export interface MessagePush {
  conversationId: string;
  message: ConversationMessage;
}
/** `readerId` has read the conversation up to message `readId`. */
export interface ReadPush {
  conversationId: string;
  readerId: string;
  readId: number;
}
export const syncRequestSchema = z.object({ conversationId: z.uuid(), after: z.number().int().nonnegative() });
export type SyncRequest = z.infer<typeof syncRequestSchema>;
/** A refusal on the socket, as the matching route would answer it: its HTTP status and translated envelope. */
export type SocketRefusal = { status: number; error: ErrorEnvelope };
export type SyncAnswer = MessagePage | SocketRefusal;
/** The route's body and the conversation the route names in its path. */
export type SendRequest = SendMessage & { conversationId: string };
/** The message as the route answers it, or the route's refusal. */
export type SendAnswer = { message: ConversationMessage } | SocketRefusal;
