import { Injectable } from '@nestjs/common';
import { AppConfig } from '@market/backend';

/** A spec source failure; `retryable` ones (5xx, 429, timeouts) may succeed later. */
export class SpecSourceError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** HTTP client of the device spec source (GSMArena's pages), at SPEC_SOURCE_URL. */
@Injectable()
export class SpecSourceClient {
  constructor(private readonly config: AppConfig) {}

  /** A device page, e.g. 'apple_iphone_13-11103.php'. */
  devicePage(path: string): Promise<string> {
    return this.get(path);
  }

  searchPage(name: string): Promise<string> {
    return this.get(`results.php3?sSearch=${encodeURIComponent(name)}`);
  }

  private async get(pathAndQuery: string): Promise<string> {
    const url = new URL(pathAndQuery, `${this.config.SPEC_SOURCE_URL.replace(/\/+$/, '')}/`);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'text/html', 'User-Agent': 'TelefonBozor-catalogue/1.0 (device spec refresh)' },
        signal: AbortSignal.timeout(this.config.SPEC_SOURCE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SpecSourceError(`spec source unreachable: ${(error as Error).message}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryable = response.status >= 500 || response.status === 429;
      throw new SpecSourceError(`spec source answered HTTP ${response.status} for ${url.pathname}`, retryable);
    }
    return response.text();
  }
}
