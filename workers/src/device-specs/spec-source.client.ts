import { Injectable } from '@nestjs/common';
import { AppConfig, SpecSourcePacing } from '@market/backend';

/** A spec source failure; `retryable` ones (5xx, a refusal, timeouts, a pause) may succeed later. */
export class SpecSourceError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A model photo on GSMArena is some 20-60 KB; anything near this is not one. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/** Statuses by which the site refuses us (too many requests, or a ban): the refresh pauses. */
const REFUSALS = new Set([403, 429]);

/**
 * HTTP client of the device spec source (GSMArena's pages), at SPEC_SOURCE_URL. Each request takes one of
 * the hour's SPEC_SOURCE_REQUESTS_PER_HOUR first and is not sent while a refusal pauses the refresh
 * (SpecSourcePacing); it says who we are and how often we ask.
 */
@Injectable()
export class SpecSourceClient {
  private readonly userAgent: string;

  constructor(
    private readonly config: AppConfig,
    private readonly pacing: SpecSourcePacing,
  ) {
    this.userAgent = `TelefonBozor/1.0 (+${config.PUBLIC_URL}; device specs for our phone catalogue, at most ${config.SPEC_SOURCE_REQUESTS_PER_HOUR} requests an hour)`;
  }

  /**
   * The model photo a device page shows (`src` as the page has it, relative to `pagePath`). Only
   * from the spec source's own site (GSMArena serves them from fdn2.gsmarena.com): a page must not
   * make the workers fetch any address it names.
   */
  async picture(src: string, pagePath: string): Promise<Buffer> {
    const base = this.base;
    let url: URL;
    try {
      url = new URL(src, new URL(pagePath, base));
    } catch {
      throw new SpecSourceError(`picture address '${src}' is not a URL`, false);
    }
    const site = base.hostname.replace(/^www\./, '');
    if (!['http:', 'https:'].includes(url.protocol) || (url.hostname !== site && !url.hostname.endsWith(`.${site}`))) {
      throw new SpecSourceError(`picture ${url.origin} is not on the spec source's site`, false);
    }
    // No redirects: one could lead off the site.
    const response = await this.request(url, 'image/*', 'error');
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_PICTURE_BYTES) {
      await response.body?.cancel();
      throw new SpecSourceError(`picture ${url.pathname} is ${declared} bytes`, false);
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_PICTURE_BYTES) throw new SpecSourceError(`picture ${url.pathname} is ${body.length} bytes`, false);
    return body;
  }

  /** SPEC_SOURCE_URL as the base its paths are read against. */
  private get base(): URL {
    return new URL(`${this.config.SPEC_SOURCE_URL.replace(/\/+$/, '')}/`);
  }

  /** A device page, e.g. 'apple_iphone_13-11103.php'. */
  devicePage(path: string): Promise<string> {
    return this.get(path);
  }

  searchPage(name: string): Promise<string> {
    return this.get(`results.php3?sSearch=${encodeURIComponent(name)}`);
  }

  /**
   * A page of the spec source's own origin. The path comes from a search result or an admin, so an
   * absolute or protocol-relative one naming another host is refused, and so is a redirect that
   * leaves the origin (a few within it are followed).
   */
  private async get(pathAndQuery: string): Promise<string> {
    const { origin } = this.base;
    let url = new URL(pathAndQuery, this.base);
    for (let redirects = 0; ; redirects++) {
      if (url.origin !== origin) throw new SpecSourceError(`${url.origin} is another origin than the spec source's`, false);
      const response = await this.request(url, 'text/html', 'manual');
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location) return response.text();
      await response.body?.cancel();
      if (redirects === MAX_REDIRECTS) throw new SpecSourceError(`more than ${MAX_REDIRECTS} redirects from ${pathAndQuery}`, false);
      url = new URL(location, url);
    }
  }

  private async request(url: URL, accept: string, redirect: 'manual' | 'error'): Promise<Response> {
    const closed = await this.pacing.takeRequest();
    if (closed) {
      const why = closed.reason === 'paused' ? 'paused after a refusal' : 'at its hourly cap';
      throw new SpecSourceError(`spec source not asked: ${why} until ${closed.until.toISOString()}`, true);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        redirect,
        headers: { Accept: accept, 'User-Agent': this.userAgent },
        signal: AbortSignal.timeout(this.config.SPEC_SOURCE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SpecSourceError(`spec source unreachable: ${(error as Error).message}`, true);
    }
    if (REFUSALS.has(response.status)) {
      await response.body?.cancel();
      const refusal = `HTTP ${response.status} for ${url.pathname}`;
      await this.pacing.recordRefusal(refusal, Number(response.headers.get('retry-after')) || 0);
      throw new SpecSourceError(`spec source refused: ${refusal}`, true);
    }
    if (!response.ok && !(redirect === 'manual' && REDIRECTS.has(response.status))) {
      await response.body?.cancel();
      throw new SpecSourceError(`spec source answered HTTP ${response.status} for ${url.pathname}`, response.status >= 500);
    }
    await this.pacing.recordSuccess();
    return response;
  }
}
