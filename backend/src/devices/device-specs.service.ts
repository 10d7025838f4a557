import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OutboxService } from '../events/outbox.service';
import { DeviceEntity } from './device.entity';

/** What the refresh reads of a device. */
export type DeviceToRefresh = Pick<DeviceEntity, 'id' | 'name' | 'img' | 'sourcePath' | 'specsRefreshedAt' | 'specsRefreshRequestedAt'>;

/** Specs read from the spec source, and the device page they came from. */
export type RefreshedSpecs = Pick<DeviceEntity, 'quickSpec' | 'detailSpec' | 'img' | 'sourcePath'>;

/** The catalogue's side of the spec refresh the workers run: requests, fresh specs and failures. */
@Injectable()
export class DeviceSpecsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  private get devices() {
    return this.dataSource.getRepository(DeviceEntity);
  }

  async find(deviceId: string): Promise<DeviceToRefresh | null> {
    return this.devices.findOneBy({ id: deviceId });
  }

  async storeRefreshed(deviceId: string, specs: RefreshedSpecs): Promise<void> {
    await this.devices.update(deviceId, { ...specs, specsRefreshedAt: () => 'clock_timestamp()', specsRefreshError: null });
  }

  /** The stored specs stay; the error is what the waiting API call reports. */
  async recordRefreshFailure(deviceId: string, error: string): Promise<void> {
    await this.devices.update(deviceId, { specsRefreshFailedAt: () => 'clock_timestamp()', specsRefreshError: error });
  }

  /**
   * Requests a refresh of up to `limit` devices whose specs are older than 30 days (or were never
   * read); answers how many. A device requested in the last hour, or whose refresh failed in the
   * last day, waits, so a failing source is not hammered.
   */
  requestStaleRefreshes(limit: number): Promise<number> {
    return this.dataSource.transaction(async (transaction) => {
      const stale: { id: string }[] = await transaction.query(
        `SELECT id FROM devices
          WHERE (specs_refreshed_at IS NULL OR specs_refreshed_at < now() - interval '30 days')
            AND (specs_refresh_requested_at IS NULL OR specs_refresh_requested_at < now() - interval '1 hour')
            AND (specs_refresh_failed_at IS NULL OR specs_refresh_failed_at < now() - interval '1 day')
          ORDER BY specs_refreshed_at NULLS FIRST, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (stale.length === 0) return 0;
      const ids = stale.map((device) => device.id);
      await transaction.query(`UPDATE devices SET specs_refresh_requested_at = clock_timestamp() WHERE id = ANY($1)`, [ids]);
      for (const deviceId of ids) await this.outbox.record(transaction, 'device.refresh-requested', { deviceId });
      return ids.length;
    });
  }
}
