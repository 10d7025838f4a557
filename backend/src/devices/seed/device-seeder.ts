import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CategoriesService } from '../../categories/categories.service';
import { DevicePictures } from '../device-pictures';
import { brandDefaults } from './brands';
import { readSeedFiles, SHIPPED_SEED_DIR } from './seed-files';

/** Any number to name the seed's advisory lock: API processes starting together seed one after another. */
const SEED_LOCK_ID = 7_120_999;

export interface SeedReport {
  files: number;
  devices: number;
  /** Devices inserted or rewritten because their seed entry changed. */
  written: number;
  problems: number;
}

/**
 * Ships the device catalogue: at API start every brand of the seed files gets a category
 * (created once) and a drawing in the image storage, and every device is upserted by name.
 * A device is rewritten only when its seed entry or its brand's drawing changed, so specs
 * refreshed from the spec source survive restarts, and an unchanged seed costs one no-op
 * statement per file. A model's own photo (brought by the spec refresh) is never replaced
 * by the drawing.
 */
@Injectable()
export class DeviceSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeviceSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
    private readonly pictures: DevicePictures,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const report = await this.seed();
    this.logger.log(`Device catalogue: ${report.devices} devices in ${report.files} files, ${report.written} written`);
  }

  async seed(directory = this.config.DEVICE_SEED_DIR || SHIPPED_SEED_DIR): Promise<SeedReport> {
    const files = readSeedFiles(directory);
    const report: SeedReport = { files: files.length, devices: 0, written: 0, problems: 0 };
    for (const { file, problems } of files) {
      for (const problem of problems) this.logger.error(`Seed ${file} ${problem}`);
      report.problems += problems.length;
    }
    const brands = brandDefaults(files.flatMap((file) => file.devices.map((device) => device.brand)));
    const drawings = new Map(await Promise.all(brands.map(async (brand) => [brand.name.toLowerCase(), await this.drawingOf(brand)] as const)));
    await this.dataSource.transaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
      const brandIds = await this.categories.ensureBrands(brands, transaction);
      for (const { devices } of files) {
        if (devices.length === 0) continue;
        const rows = devices.map((device) => {
          const img = drawings.get(device.brand.toLowerCase());
          return {
            name: device.name,
            category_id: brandIds.get(device.brand.toLowerCase()),
            img,
            source_path: device.sourcePath ?? null,
            quick_spec: device.quickSpec,
            detail_spec: device.detailSpec,
            seed_hash: createHash('sha256').update(JSON.stringify({ ...device, img })).digest('hex'),
          };
        });
        const written: unknown[] = await transaction.query(
          `INSERT INTO devices (name, category_id, img, source_path, quick_spec, detail_spec, seed_hash, specs_refreshed_at)
           SELECT name, category_id, img, source_path, quick_spec, detail_spec, seed_hash, now()
             FROM jsonb_to_recordset($1::jsonb)
               AS seed(name text, category_id uuid, img text, source_path text, quick_spec jsonb, detail_spec jsonb, seed_hash text)
           ON CONFLICT ((lower(name))) DO UPDATE SET
             name = excluded.name, category_id = excluded.category_id,
             img = CASE WHEN devices.picture_key IS NULL THEN coalesce(excluded.img, devices.img) ELSE devices.img END,
             source_path = coalesce(excluded.source_path, devices.source_path), quick_spec = excluded.quick_spec, detail_spec = excluded.detail_spec,
             seed_hash = excluded.seed_hash, specs_refreshed_at = excluded.specs_refreshed_at
           WHERE devices.seed_hash IS DISTINCT FROM excluded.seed_hash
           RETURNING id`,
          [JSON.stringify(rows)],
        );
        report.devices += devices.length;
        report.written += written.length;
      }
    });
    return report;
  }

  /**
   * A brand's drawing, or none while the image storage refuses: the API still starts and serves
   * the catalogue with the pictures it had, and the next start (a changed seed hash) brings them.
   */
  private async drawingOf(brand: { name: string; color: string }): Promise<string | null> {
    try {
      return await this.pictures.brandDrawing(brand);
    } catch (error) {
      this.logger.error(`The drawing of ${brand.name} could not be stored: ${(error as Error).message}`);
      return null;
    }
  }
}
