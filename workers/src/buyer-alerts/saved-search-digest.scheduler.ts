import { Injectable, Logger } from '@nestjs/common';
import { SavedSearchAlertsService } from '@market/backend';
import { BuyerMessages } from './buyer-messages';

/** Sends the daily digests of saved searches (at 20:00 Tashkent time: schedules.ts). */
@Injectable()
export class SavedSearchDigestScheduler {
  private readonly logger = new Logger(SavedSearchDigestScheduler.name);

  constructor(
    private readonly alerts: SavedSearchAlertsService,
    private readonly messages: BuyerMessages,
  ) {}

  /** Answers how many digests were sent. */
  async sendDigests(): Promise<number> {
    if (!this.messages.configured) return 0;
    const sent = await this.alerts.deliverDaily((digest) => this.messages.digest(digest));
    if (sent) this.logger.log(`Sent ${sent} daily digests of saved searches`);
    return sent;
  }
}
