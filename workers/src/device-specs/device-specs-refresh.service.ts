import { Injectable, Logger } from '@nestjs/common';
import { DeviceSpecsService } from '@market/backend';
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
      await this.specs.storeRefreshed(deviceId, {
        quickSpec: page.quickSpec,
        detailSpec: page.detailSpec,
        img: page.img ?? device.img,
        sourcePath: path,
      });
      return 'refreshed';
    } catch (error) {
      if (!(error instanceof SpecSourceError)) throw error;
      this.logger.warn(`Specs of ${device.name} not refreshed: ${error.message}`);
      await this.specs.recordRefreshFailure(deviceId, error.message);
      if (error.retryable) throw error;
      return 'failed';
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
