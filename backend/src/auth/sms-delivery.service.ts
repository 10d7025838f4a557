import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue } from 'bullmq';
import { timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { QUEUES, type LastSms } from '@market/contracts';
import { AppConfig } from '../config/app-config';
import { smsDeliveryReports } from '../metrics/process-series';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS } from './auth.limits';
import { lockMessageId, NOT_DELIVERED, notDeliveredNote } from './sms-delivery-reports';

/** The API route Eskiz posts delivery reports to, below the API prefix; the secret is its last segment. */
export const SMS_DELIVERY_REPORTS_ROUTE = 'sms/delivery-reports';

/** The callback_url given to Eskiz with each SMS. */
export function smsDeliveryReportUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/${SMS_DELIVERY_REPORTS_ROUTE}/${secret}`;
}

/** How long a report that came before its SMS was recorded as sent waits for it. */
const EARLY_REPORT_KEPT_HOURS = 24;

/** How far back the sign-in screens look for the last SMS: a code older than this is of no interest. */
const LAST_SMS_WINDOW_SECONDS = 15 * 60;

/**
 * The SMS deliveries (sms_delivery, one row per SMS job the workers send): Eskiz's delivery
 * reports recorded per SMS, and what the sign-in screens may learn about a number's last SMS.
 */
@Injectable()
export class SmsDeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger(SmsDeliveryService.name);
  private readonly callbackSecret: Buffer | null;
  /** The SMS queue, opened at the first undelivered report, to note it on the SMS's job in the queue dashboard. */
  private smsQueue: Queue | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly limits: RateLimitService,
  ) {
    this.callbackSecret = config.ESKIZ_CALLBACK_SECRET ? Buffer.from(config.ESKIZ_CALLBACK_SECRET) : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.smsQueue?.close();
  }

  /** Whether a delivery report's URL carries our secret; compared in constant time. */
  isOurCallback(secret: string): boolean {
    const given = Buffer.from(secret);
    return !!this.callbackSecret && given.length === this.callbackSecret.length && timingSafeEqual(given, this.callbackSecret);
  }

  /**
   * Records Eskiz's status of one SMS. Eskiz may report before the worker has recorded the send's
   * message id: such a report waits for it (SmsSendingService.recordSent takes it) instead of being lost.
   */
  async recordReport(messageId: string, status: string): Promise<void> {
    smsDeliveryReports.inc({ status });
    const jobId = await this.dataSource.transaction(async (transaction) => {
      await lockMessageId(transaction, messageId);
      const [updated]: [{ job_id: string }[], number] = await transaction.query(
        `UPDATE sms_delivery SET delivery_status = $2, delivery_reported_at = now(), updated_at = now()
         WHERE provider_message_id = $1 RETURNING job_id`,
        [messageId, status],
      );
      if (updated.length) return updated[0].job_id;
      await transaction.query(`DELETE FROM sms_early_delivery_report WHERE reported_at < now() - make_interval(hours => $1)`, [EARLY_REPORT_KEPT_HOURS]);
      await transaction.query(
        `INSERT INTO sms_early_delivery_report (provider_message_id, delivery_status) VALUES ($1, $2)
         ON CONFLICT (provider_message_id) DO UPDATE SET delivery_status = EXCLUDED.delivery_status, reported_at = now()`,
        [messageId, status],
      );
      return null;
    });
    const note = notDeliveredNote(status, new Date());
    if (jobId && note) await this.noteOnJob(jobId, note);
  }

  /** The admins' queue dashboard shows it on the SMS's job (its log), beside the sends that failed outright. */
  private async noteOnJob(jobId: string, note: string): Promise<void> {
    this.logger.warn(`SMS job ${jobId}: ${note}`);
    try {
      this.smsQueue ??= new Queue(QUEUES.sms, { connection: { url: this.config.REDIS_QUEUE_URL }, prefix: this.config.QUEUE_PREFIX });
      const job = await Job.fromId(this.smsQueue, jobId);
      await job?.log(note);
    } catch (error) {
      // The report is recorded in the database either way.
      this.logger.warn(`SMS job ${jobId}: could not note the delivery report in the queue: ${(error as Error).message}`);
    }
  }

  /** What became of the last SMS to a number; each number an address asks about counts once an hour as an account lookup. */
  async lastSmsTo(phoneNumber: string, ip: string): Promise<LastSms['lastSms']> {
    const asked = `${ip} ${phoneNumber}`;
    // Taking the number's one ask of the hour is atomic: of a burst of first asks, one counts as a lookup.
    if (await this.limits.tryConsume(AUTH_LIMITS.lastSmsAsked, asked)) {
      try {
        await this.limits.consume(AUTH_LIMITS.accountLookupPerIp, ip);
      } catch (refusal) {
        await this.limits.refund(AUTH_LIMITS.lastSmsAsked, asked);
        throw refusal;
      }
    }
    const [last]: { status: string; delivery_status: string | null }[] = await this.dataSource.query(
      `SELECT status, delivery_status FROM sms_delivery
       WHERE phone_number = $1 AND created_at > now() - make_interval(secs => $2)
       ORDER BY created_at DESC LIMIT 1`,
      [phoneNumber, LAST_SMS_WINDOW_SECONDS],
    );
    if (!last) return null;
    if (last.status === 'failed' || NOT_DELIVERED.has(last.delivery_status ?? '')) return 'notDelivered';
    return last.delivery_status === 'DELIVRD' ? 'delivered' : 'pending';
  }
}
