import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../backend/src/config/app-config';
import { OutboxService } from '../../../backend/src/events/outbox.service';

/**
 * Keeps the catalogue's specs fresh, gently: each minute a few devices whose specs are
 * older than 30 days (or were never read) get a refresh request. A device requested in the
 * last hour, or whose refresh failed in the last day, waits, so a failing source is not hammered.
 */
@Injectable()
export class StaleSpecsScheduler {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  /** Answers how many refreshes it requested. */
  @Cron(CronExpression.EVERY_MINUTE, { name: 'stale-device-specs' })
  async requestStaleRefreshes(): Promise<number> {
    const perMinute = this.config.DEVICE_SPECS_REFRESH_PER_MINUTE;
    if (perMinute === 0) return 0;
    return this.dataSource.transaction(async (transaction) => {
      const stale: { id: string }[] = await transaction.query(
        `SELECT id FROM devices
          WHERE (specs_refreshed_at IS NULL OR specs_refreshed_at < now() - interval '30 days')
            AND (specs_refresh_requested_at IS NULL OR specs_refresh_requested_at < now() - interval '1 hour')
            AND (specs_refresh_failed_at IS NULL OR specs_refresh_failed_at < now() - interval '1 day')
          ORDER BY specs_refreshed_at NULLS FIRST, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [perMinute],
      );
      if (stale.length === 0) return 0;
      const ids = stale.map((device) => device.id);
      await transaction.query(`UPDATE devices SET specs_refresh_requested_at = clock_timestamp() WHERE id = ANY($1)`, [ids]);
      for (const deviceId of ids) await this.outbox.record(transaction, 'device.refresh-requested', { deviceId });
      return ids.length;
    });
  }
}
