import { UnrecoverableError, type Job } from 'bullmq';
import { notDeliveredNote, OutboxService, type EarlyReport, SmsSendingService, SmsTextSeal } from '@market/backend';
import { parseEventPayload, QUEUES } from '@market/contracts';
import { SmsSendError, SmsSender } from './sms-sender';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

export type SmsJobOutcome = 'sent' | 'already-sent' | 'outcome-unknown' | 'text-redacted';

/** What replaces a sealed SMS text once the job is over: a key leaked later would open every password and code still stored. */
const REDACTED_TEXT = '[redacted after delivery]';

/**
 * Sends the 'sms.requested' jobs: each attempt claims its SMS delivery before calling the gateway
 * (SmsSendingService, the auth module's, owns the record), so a retry never sends twice. The
 * text arrives sealed (SmsTextSeal) and is opened only in memory, to be sent.
 */
@ProcessorOf(QUEUES.sms)
export class SmsProcessor extends QueueProcessor<typeof QUEUES.sms> {
  readonly handlers: JobHandlers<typeof QUEUES.sms> = { 'sms.requested': (job) => this.send(job) };

  constructor(
    private readonly deliveries: SmsSendingService,
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
    const claim = await this.deliveries.claim(jobId, phoneNumber);
    if (claim !== 'send') {
      await this.redact(job);
      return claim;
    }
    let earlyReport: EarlyReport | null;
    try {
      const { messageId } = await this.sender.send(phoneNumber, text);
      earlyReport = await this.deliveries.recordSent(jobId, messageId);
    } catch (error) {
      const failure = error instanceof SmsSendError ? error : new SmsSendError((error as Error).message, false);
      if (failure.notSent) await this.deliveries.recordFailed(jobId, failure.message);
      this.logger.warn(`SMS job ${jobId} failed (${failure.notSent ? 'not sent' : 'outcome unknown'}): ${failure.message}`);
      if (failure.permanent || this.isLastAttempt(job)) await this.redact(job);
      throw failure.permanent ? new UnrecoverableError(failure.message) : failure;
    }
    await this.redact(job);
    this.logger.log(`SMS job ${jobId} sent through ${this.sender.name}`);
    // Eskiz reported before the send was recorded: the dashboard notes it here, as the API does for a later report.
    const note = earlyReport && notDeliveredNote(earlyReport.status, earlyReport.reportedAt);
    if (note) await job.log(note);
    return 'sent';
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
