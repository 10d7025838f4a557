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

/** The API route Eskiz posts delivery reports to, below the API prefix; the secret is its last segment. */
export const SMS_DELIVERY_REPORTS_ROUTE = 'sms/delivery-reports';

/** The callback_url given to Eskiz with each SMS. */
export function smsDeliveryReportUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/${SMS_DELIVERY_REPORTS_ROUTE}/${secret}`;
}

/** Eskiz's (the operators' SMPP) final statuses of an SMS that did not reach the phone. */
const NOT_DELIVERED = new Set(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN']);

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

  /** Records Eskiz's status of one SMS; false when no SMS of ours has that message id. */
  async recordReport(messageId: string, status: string): Promise<boolean> {
    const [updated]: [{ job_id: string }[], number] = await this.dataSource.query(
      `UPDATE sms_delivery SET delivery_status = $2, delivery_reported_at = now(), updated_at = now()
       WHERE provider_message_id = $1 RETURNING job_id`,
      [messageId, status],
    );
    if (!updated.length) return false;
    smsDeliveryReports.inc({ status });
    if (NOT_DELIVERED.has(status)) await this.noteNotDelivered(updated[0].job_id, status);
    return true;
  }

  /** The admins' queue dashboard shows it on the SMS's job (its log), beside the sends that failed outright. */
  private async noteNotDelivered(jobId: string, status: string): Promise<void> {
    this.logger.warn(`SMS job ${jobId} was not delivered: the operator reported ${status}`);
    try {
      this.smsQueue ??= new Queue(QUEUES.sms, { connection: { url: this.config.REDIS_QUEUE_URL }, prefix: this.config.QUEUE_PREFIX });
      const job = await Job.fromId(this.smsQueue, jobId);
      await job?.log(`Not delivered: Eskiz reported ${status} at ${new Date().toISOString()}`);
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
