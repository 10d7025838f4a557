import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { smsMessages } from '../metrics/process-series';
import { lockMessageId } from './sms-delivery-reports';

/** What an SMS job's attempt may do: call the gateway, or not, because the SMS went or may have gone. */
export type SmsSendClaim = 'send' | 'already-sent' | 'outcome-unknown';

/** Eskiz's delivery report that came before the send was recorded. */
export type EarlyReport = { status: string; reportedAt: Date };

/**
 * The sending side of the SMS deliveries (sms_delivery, one row per SMS job, its id the outbox
 * event's), for the workers' SMS jobs: an attempt claims the row ('sending') before it calls the
 * gateway, so a retry never sends twice. It sends again only after the gateway certainly refused
 * ('failed'); an attempt that stopped mid-call leaves 'sending', which the retry turns into
 * 'unknown' without sending (one missing SMS can be requested again; a duplicate password SMS
 * cannot be taken back).
 */
@Injectable()
export class SmsSendingService {
  private readonly logger = new Logger(SmsSendingService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async claim(jobId: string, phoneNumber: string): Promise<SmsSendClaim> {
    const created: unknown[] = await this.dataSource.query(
      `INSERT INTO sms_delivery (job_id, phone_number, status, attempts) VALUES ($1, $2, 'sending', 1)
       ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
      [jobId, phoneNumber],
    );
    if (created.length) return 'send';
    const [retried]: [unknown[], number] = await this.dataSource.query(
      `UPDATE sms_delivery SET status = 'sending', attempts = attempts + 1, error = NULL, updated_at = now()
       WHERE job_id = $1 AND status = 'failed' RETURNING job_id`,
      [jobId],
    );
    if (retried.length) return 'send';
    const [unknown]: [unknown[], number] = await this.dataSource.query(
      `UPDATE sms_delivery SET status = 'unknown', updated_at = now() WHERE job_id = $1 AND status = 'sending' RETURNING job_id`,
      [jobId],
    );
    if (unknown.length) this.logger.warn(`SMS job ${jobId}: an earlier attempt stopped mid-send; not sending again`);
    return unknown.length ? 'outcome-unknown' : 'already-sent';
  }

  /**
   * The gateway took the SMS; Eskiz's delivery report finds it later by `providerMessageId`. A report
   * that came first is taken now, and returned.
   */
  async recordSent(jobId: string, providerMessageId: string | null): Promise<EarlyReport | null> {
    if (!providerMessageId) {
      await this.record(jobId, 'sent', null);
      return null;
    }
    const [sent] = await this.dataSource.transaction(async (transaction) => {
      await lockMessageId(transaction, providerMessageId);
      const [updated]: [{ status: string | null; reported_at: Date | null }[], number] = await transaction.query(
        `WITH early AS (DELETE FROM sms_early_delivery_report WHERE provider_message_id = $2 RETURNING delivery_status, reported_at)
         UPDATE sms_delivery SET status = 'sent', provider_message_id = $2, error = NULL, updated_at = now(),
           delivery_status = COALESCE((SELECT delivery_status FROM early), delivery_status),
           delivery_reported_at = COALESCE((SELECT reported_at FROM early), delivery_reported_at)
         WHERE job_id = $1 RETURNING (SELECT delivery_status FROM early) AS status, (SELECT reported_at FROM early) AS reported_at`,
        [jobId, providerMessageId],
      );
      return updated;
    });
    smsMessages.inc({ outcome: 'sent' });
    return sent?.status && sent.reported_at ? { status: sent.status, reportedAt: sent.reported_at } : null;
  }

  /** The gateway certainly did not send it: a retry may send. */
  recordFailed(jobId: string, error: string): Promise<void> {
    return this.record(jobId, 'failed', error);
  }

  private async record(jobId: string, status: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.dataSource.query(`UPDATE sms_delivery SET status = $2, error = $3, updated_at = now() WHERE job_id = $1`, [jobId, status, error]);
    smsMessages.inc({ outcome: status });
  }
}
