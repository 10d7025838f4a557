import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { OutboxService, smsMessages, SmsTextSeal } from '@market/backend';
import { parseEventPayload, QUEUES } from '@market/contracts';
import { SmsSendError, SmsSender } from './sms-sender';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

export type SmsJobOutcome = 'sent' | 'already-sent' | 'outcome-unknown' | 'text-redacted';

/** What replaces a sealed SMS text once the job is over: a key leaked later would open every password and code still stored. */
const REDACTED_TEXT = '[redacted after delivery]';

/**
 * Sends the 'sms.requested' jobs. Each job has a `sms_delivery` row (job id = outbox event
 * id) that is marked 'sending' before the gateway is called, so a retry never sends twice:
 * it sends again only after the gateway certainly refused ('failed'); an attempt that
 * stopped mid-call leaves 'sending', which the retry turns into 'unknown' without sending
 * (one missing SMS can be requested again; a duplicate password SMS cannot be taken back).
 * The text arrives sealed (SmsTextSeal) and is opened only in memory, to be sent.
 */
@ProcessorOf(QUEUES.sms)
export class SmsProcessor extends QueueProcessor<typeof QUEUES.sms> {
  readonly handlers: JobHandlers<typeof QUEUES.sms> = { 'sms.requested': (job) => this.send(job) };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sender: SmsSender,
    private readonly seal: SmsTextSeal,
    private readonly outbox: OutboxService,
  ) {
    super();
  }

  private async send(job: Job<unknown>): Promise<SmsJobOutcome> {
    const { phoneNumber, sealedText } = parseEventPayload('sms.requested', job.data);
    // A job retried by hand after its end has no text left to send.
    if (sealedText === REDACTED_TEXT) return 'text-redacted';
    const jobId = String(job.id);
    const text = this.seal.open(phoneNumber, sealedText);
    // The API and the workers were given different keys, a development run's key was lost on restart,
    // or the text was moved to another number: no retry can open it. Still sealed, it is not wiped.
    if (text === null) throw new UnrecoverableError('The SMS text does not open (sealed with another SMS_SECRET_KEY, or for another number): not sent');
    const claim = await this.claim(jobId, phoneNumber);
    if (claim !== 'send') {
      await this.redact(job);
      return claim;
    }
    try {
      const { messageId } = await this.sender.send(phoneNumber, text);
      await this.record(jobId, 'sent', { providerMessageId: messageId });
    } catch (error) {
      const failure = error instanceof SmsSendError ? error : new SmsSendError((error as Error).message, false);
      if (failure.notSent) await this.record(jobId, 'failed', { error: failure.message });
      this.logger.warn(`SMS job ${jobId} failed (${failure.notSent ? 'not sent' : 'outcome unknown'}): ${failure.message}`);
      if (failure.permanent || this.isLastAttempt(job)) await this.redact(job);
      throw failure.permanent ? new UnrecoverableError(failure.message) : failure;
    }
    await this.redact(job);
    this.logger.log(`SMS job ${jobId} sent through ${this.sender.name}`);
    return 'sent';
  }

  /** 'send' when this attempt may call the gateway. */
  private async claim(jobId: string, phoneNumber: string): Promise<'send' | 'already-sent' | 'outcome-unknown'> {
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

  private async record(
    jobId: string,
    status: 'sent' | 'failed',
    details: { providerMessageId?: string | null; error?: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE sms_delivery SET status = $2, provider_message_id = COALESCE($3, provider_message_id), error = $4, updated_at = now()
       WHERE job_id = $1`,
      [jobId, status, details.providerMessageId ?? null, details.error ?? null],
    );
    smsMessages.inc({ outcome: status });
  }

  /** The sealed text is kept only while it may still be sent: in the job and in its outbox event. */
  private async redact(job: Job<unknown>): Promise<void> {
    const payload = job.data as { phoneNumber: string };
    await job.updateData({ phoneNumber: payload.phoneNumber, sealedText: REDACTED_TEXT });
    await this.outbox.redactSmsText(String(job.id), REDACTED_TEXT);
  }

  private isLastAttempt(job: Job<unknown>): boolean {
    return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  }
}
