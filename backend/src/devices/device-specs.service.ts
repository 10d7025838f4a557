import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OutboxService } from '../events/outbox.service';
import { DeviceEntity } from './device.entity';
import { DevicePictures, type StoredDevicePicture } from './device-pictures';

/** What the refresh reads of a device. */
export type DeviceToRefresh = Pick<DeviceEntity, 'id' | 'name' | 'img' | 'sourcePath' | 'specsRefreshedAt' | 'specsRefreshRequestedAt'>;

/** Specs read from the spec source, and the device page they came from. */
export type RefreshedSpecs = Pick<DeviceEntity, 'quickSpec' | 'detailSpec' | 'sourcePath'>;

/** The catalogue's side of the spec refresh the workers run: requests, fresh specs and failures. */
@Injectable()
export class DeviceSpecsService {
  private readonly logger = new Logger(DeviceSpecsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly pictures: DevicePictures,
  ) {}

  private get devices() {
    return this.dataSource.getRepository(DeviceEntity);
  }

  async find(deviceId: string): Promise<DeviceToRefresh | null> {
    return this.devices.findOneBy({ id: deviceId });
  }

  /**
   * Writes fresh specs and, when the refresh brought one, the model's new photo (already in the
   * storage): the photo it replaces is deleted after the commit, a photo not recorded is deleted again.
   */
  async storeRefreshed(deviceId: string, specs: RefreshedSpecs, photo?: StoredDevicePicture): Promise<void> {
    let replacedKey: string | null = null;
    let recorded = false;
    try {
      await this.dataSource.transaction(async (transaction) => {
        const device = await transaction.findOne(DeviceEntity, { where: { id: deviceId }, lock: { mode: 'pessimistic_write' } });
        if (!device) return;
        if (photo && device.pictureKey !== photo.key) replacedKey = device.pictureKey;
        recorded = true;
        await transaction.update(DeviceEntity, deviceId, {
          ...specs,
          ...(photo && { img: photo.location, pictureKey: photo.key }),
          specsRefreshedAt: () => 'clock_timestamp()',
          specsRefreshDueAt: () => `clock_timestamp() + interval '30 days'`,
          specsRefreshError: null,
        });
      });
    } catch (error) {
      if (photo) await this.discardPicture(photo.key);
      throw error;
    }
    if (photo && !recorded) await this.discardPicture(photo.key);
    if (replacedKey) await this.discardPicture(replacedKey);
  }

  private async discardPicture(key: string): Promise<void> {
    // A file left behind costs a few kilobytes of storage; the refresh itself is done.
    await this.pictures.discard(key).catch((error: Error) => this.logger.warn(`Device picture ${key} not deleted: ${error.message}`));
  }

  /** The stored specs stay; the error is what the waiting API call reports. */
  async recordRefreshFailure(deviceId: string, error: string): Promise<void> {
    await this.devices.update(deviceId, { specsRefreshFailedAt: () => 'clock_timestamp()', specsRefreshError: error });
  }

  /**
   * Requests a refresh of up to `limit` devices due for one (30 days after their last, each first at its
   * own random point: not the whole catalogue on one day) or never read; answers how many. A device
   * requested in the last hour, or whose refresh failed in the last day, waits, so a failing source is
   * not hammered.
   */
  requestStaleRefreshes(limit: number): Promise<number> {
    return this.dataSource.transaction(async (transaction) => {
      const stale: { id: string }[] = await transaction.query(
        `SELECT id FROM devices
          WHERE (specs_refreshed_at IS NULL OR specs_refresh_due_at <= now())
            AND (specs_refresh_requested_at IS NULL OR specs_refresh_requested_at < now() - interval '1 hour')
            AND (specs_refresh_failed_at IS NULL OR specs_refresh_failed_at < now() - interval '1 day')
          ORDER BY specs_refreshed_at NULLS FIRST, specs_refresh_due_at, id
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
