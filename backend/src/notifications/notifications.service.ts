import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  NOTIFICATIONS_PER_PAGE,
  NOTIFICATIONS_SOCKET_EVENT,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationsPush,
  type Translated,
} from '@market/contracts';
import { ConversationsLive } from '../conversations/conversations-live';

/** A notice to keep in someone's inbox; `eventId` is the event it tells of. */
export interface InboxEntry {
  eventId: string;
  userId: string;
  kind: NotificationKind;
  text: Translated;
  link: string | null;
}

/**
 * The inbox: every notice the bot sends, kept on the site for everyone, linked or not. Written by
 * the workers' handlers of the same events; an event handled twice is recorded once. Also what
 * the bot sent (notification_delivery), so that a notice reaches a linked chat once. Each new
 * entry, and each read, is pushed to the person's open pages (the bell's count), from the workers
 * through their WorkersPushes.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly live: ConversationsLive,
  ) {}

  async record(entry: InboxEntry): Promise<void> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO notification (event_id, user_id, kind, text, link) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
      [entry.eventId, entry.userId, entry.kind, JSON.stringify(entry.text), entry.link],
    );
    if (!inserted.length) return;
    const [{ unread }]: Array<{ unread: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS unread FROM notification WHERE user_id = $1 AND read_at IS NULL`,
      [entry.userId],
    );
    this.push(entry.userId, { unread });
  }

  async page(userId: string, page: number): Promise<NotificationPage> {
    const [rows, [{ total, unread }]] = (await Promise.all([
      this.dataSource.query(
        `SELECT id, kind, text, link, read_at IS NOT NULL AS read, created_at FROM notification WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, NOTIFICATIONS_PER_PAGE, (page - 1) * NOTIFICATIONS_PER_PAGE],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notification WHERE user_id = $1`, [userId]),
    ])) as [Array<Omit<Notification, 'id' | 'createdAt'> & { id: string; created_at: Date }>, Array<{ total: number; unread: number }>];
    return {
      notifications: rows.map((row) => ({ id: Number(row.id), kind: row.kind, text: row.text, link: row.link, read: row.read, createdAt: row.created_at.toISOString() })),
      pages: Math.ceil(total / NOTIFICATIONS_PER_PAGE),
      unread,
    };
  }

  /** Whether the bot already sent the notice of job `jobKey` (notification_delivery): a retried job sends nothing twice. */
  async sentByBot(jobKey: string): Promise<boolean> {
    const [sent] = await this.dataSource.query(`SELECT 1 FROM notification_delivery WHERE job_key = $1`, [jobKey]);
    return !!sent;
  }

  /** Recorded once the bot's message went out. */
  async recordSentByBot(jobKey: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO notification_delivery (job_key) VALUES ($1) ON CONFLICT DO NOTHING`, [jobKey]);
  }

  /**
   * Marks read the entries up to `upTo`, the newest the person was shown (opening the inbox reads it): one filed
   * since stays unread. The person's other pages take the bell's new count.
   */
  async markRead(userId: string, upTo: number): Promise<{ unread: number }> {
    const [{ unread }] = (await this.dataSource.query(
      `WITH marked AS (UPDATE notification SET read_at = now() WHERE user_id = $1 AND id <= $2 AND read_at IS NULL RETURNING id)
       SELECT (SELECT count(*) FROM notification WHERE user_id = $1 AND read_at IS NULL)::int - (SELECT count(*) FROM marked)::int AS unread`,
      [userId, upTo],
    )) as Array<{ unread: number }>;
    this.push(userId, { unread });
    return { unread };
  }

  private push(userId: string, push: NotificationsPush): void {
    this.live.push(userId, NOTIFICATIONS_SOCKET_EVENT, push);
  }
}
