import { z } from 'zod';
import { translatedSchema } from './errors';

/**
 * The inbox (issue 37): what the bot tells a linked person, told to everyone on the site too,
 * from the same events and in the same words.
 */
export const NOTIFICATION_KINDS = ['approved', 'rejected', 'posted', 'skipped', 'toppedUp', 'newConversation', 'savedSearchMatch', 'priceDrop', 'dealAwaiting'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PER_PAGE = 20;

export const notificationsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: translatedSchema,
  /** Where on the site it leads (a path), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: newest first, and how many are unread in all (the bell's count). */
export const notificationPageSchema = z.object({ notifications: z.array(notificationSchema), pages: z.number().int(), unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * `POST /api/notifications/read`: reads the entries up to `upTo`, the newest one the reader was shown; one
 * filed after stays unread.
 */
export const readNotificationsSchema = z.object({ upTo: z.number({ error: 'required' }).int('invalidValue').positive('invalidValue') });
export type ReadNotifications = z.infer<typeof readNotificationsSchema>;

/** Its answer: how many stay unread. */
export const notificationsReadSchema = z.object({ unread: z.number().int() });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/**
 * Pushed on the conversations' socket (CONVERSATION_SOCKET_PATH) to the person's open pages as an
 * entry joins their inbox or it is read: the bell's count at once. The bell asks the API again only
 * while the socket is down.
 */
export const NOTIFICATIONS_SOCKET_EVENT = 'notifications:unread';
export interface NotificationsPush {
  unread: number;
}
