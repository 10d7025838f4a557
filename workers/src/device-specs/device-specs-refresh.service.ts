import { Injectable, Logger } from '@nestjs/common';
import { AppException, DevicePictures, DeviceSpecsService, type DeviceToRefresh, type StoredDevicePicture } from '@market/backend';
import { deviceSearchTerms, sourcePathSchema } from '@market/contracts';
import { parseDevicePage, parseSearchResults } from './gsmarena-page';
import { SpecSourceClient, SpecSourceError } from './spec-source.client';

export type SpecRefreshOutcome = 'refreshed' | 'already-refreshed' | 'failed' | 'device-gone';

/**
 * Reads a device's specs from the spec source and stores them. A failing source (5xx,
 * timeout, a page without the device page's structure) leaves the stored specs as they
 * are and marks the refresh failed, which the waiting API call reports.
 */
@Injectable()
export class DeviceSpecsRefresh {
  private readonly logger = new Logger(DeviceSpecsRefresh.name);

  constructor(
    private readonly specs: DeviceSpecsService,
    private readonly source: SpecSourceClient,
    private readonly pictures: DevicePictures,
  ) {}

  /** Safe to run again: a device already refreshed since its latest request is not fetched twice. */
  async refresh(deviceId: string): Promise<SpecRefreshOutcome> {
    const device = await this.specs.find(deviceId);
    if (!device) return 'device-gone';
    const requestedAt = device.specsRefreshRequestedAt;
    if (requestedAt && device.specsRefreshedAt && device.specsRefreshedAt >= requestedAt) return 'already-refreshed';
    try {
      const path = device.sourcePath ?? (await this.findPage(device.name));
      const page = parseDevicePage(await this.source.devicePage(path));
      const photo = page.img ? await this.storePhoto(device, page.img, path) : undefined;
      await this.specs.storeRefreshed(deviceId, { quickSpec: page.quickSpec, detailSpec: page.detailSpec, sourcePath: path }, photo);
      return 'refreshed';
    } catch (error) {
      if (!(error instanceof SpecSourceError)) throw error;
      this.logger.warn(`Specs of ${device.name} not refreshed: ${error.message}`);
      await this.specs.recordRefreshFailure(deviceId, error.message);
      if (error.retryable) throw error;
      return 'failed';
    }
  }

  /**
   * The page's photo, downloaded and kept in our storage (never hot-linked). The specs matter
   * more than the photo: one that fails to arrive or is not a picture leaves the current one.
   */
  private async storePhoto(device: DeviceToRefresh, src: string, pagePath: string): Promise<StoredDevicePicture | undefined> {
    try {
      return await this.pictures.storeModelPhoto(device.id, await this.source.picture(src, pagePath));
    } catch (error) {
      if (!(error instanceof SpecSourceError) && !(error instanceof AppException)) throw error;
      this.logger.warn(`Photo of ${device.name} not stored: ${error.message}`);
      return undefined;
    }
  }

  /** A device added without its page: the search result whose name is the device's (ignoring spaces and case). */
  private async findPage(name: string): Promise<string> {
    const wanted = deviceSearchTerms(name).compact;
    const results = parseSearchResults(await this.source.searchPage(name)).filter(
      (result) => sourcePathSchema.safeParse(result.path).success,
    );
    const match =
      results.find((result) => deviceSearchTerms(result.name).compact === wanted) ??
      results.find((result) => deviceSearchTerms(result.name).compact.endsWith(wanted));
    if (!match) throw new SpecSourceError(`no page named '${name}' on the spec source`, false);
    return match.path;
  }
}
