import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { LRUCache } from 'lru-cache';
import { formatListingPrice, LISTING_PHOTO_SIZES, LISTING_REGIONS, listingQueryString, maskCardNumbers, parseListingQuery, type Currency } from '@market/contracts';
import { CategoriesService } from '../categories/categories.service';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { INDEX_WALK_TIMEOUT_MS, PublicReads } from '../database/public-reads';
import { RedisClient } from '../redis/redis.module';
import type { PageMeta, ServeFrontendOptions, SitemapDocument } from '../spa/serve-frontend';
import { ImagesService } from '../uploads/images.service';
import { FEED_ORDER, ON_SALE } from './listing-feed';
import { FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, largePhoto, type CardRow } from '../listings/listing.serializer';

const LISTING_PAGE = /^\/phone\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

const SITEMAP_INDEX = '/sitemap.xml';
const SITEMAP_FILE = /^\/sitemap-([1-9]\d{0,5})\.xml$/;
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Files of up to the protocol's 50,000 URLs, kept for an hour (what the answer's Cache-Control promises). */
const SITEMAP_LIMITS: SitemapLimits = { urlsPerFile: 50_000, keptForMs: 60 * 60 * 1000 };
const gzipped = promisify(gzip);

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function sitemapXml(root: 'urlset' | 'sitemapindex', entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('\n')}\n</${root}>\n`;
}

/** A document as it is sent: gzipped once (about a quarter of its 6.6 MB when full), with its ETag. */
async function sitemapDocument(xml: string): Promise<SitemapDocument> {
  const body = await gzipped(xml);
  return { gzipped: body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

function absoluteUrl(path: string, publicUrl: string): string {
  return new URL(path, publicUrl).toString();
}

/** Where the sitemap reads its listings: the public reads (a crawler is answered from a replica). */
export interface SitemapReads {
  query(sql: string, params: unknown[]): Promise<unknown[]>;
}

/**
 * Where the nodes of one site share the sitemap's build (the cache Redis): the first node to build
 * it keeps it, and every node answers the index and each file from its file starts until it expires.
 */
export interface SitemapStore {
  /** The build kept, if any. */
  kept(): Promise<string | null>;
  /** Keeps `build` for `ttlMs` unless another node's is kept already; answers the one kept. */
  keep(build: string, ttlMs: number): Promise<string>;
}

/** The store of every node of a site, under `key` in Redis. */
export function redisSitemapStore(redis: Redis, key: string): SitemapStore {
  return {
    kept: () => redis.get(key),
    keep: async (build, ttlMs) => ((await redis.set(key, build, 'PX', ttlMs, 'NX')) ? build : ((await redis.get(key)) ?? build)),
  };
}

export interface SitemapLimits {
  urlsPerFile: number;
  keptForMs: number;
}

/** A listing's place in feed order; the time stays text, as a Date would lose its microseconds. */
interface FeedPosition {
  tarif: number;
  created_at: string;
  id: string;
}

/** What the nodes share of a build: when it was made (by the builder's clock) and where each file starts. */
interface SharedBuild {
  builtAt: number;
  /** The first listing of files 2, 3, ...; file 1 begins with the home page and the top of the feed. */
  fileStarts: FeedPosition[];
}

/** One build of the sitemap: the index, where its files start, and the files built from it so far. */
interface SitemapBuild {
  builtAt: number;
  index: SitemapDocument;
  /** The first listing of files 2, 3, ...; file 1 begins with the home page and the top of the feed. */
  fileStarts: FeedPosition[];
  files: LRUCache<number, SitemapDocument>;
}

/**
 * `/sitemap.xml` is an index of `/sitemap-{n}.xml` files: the home page, then every listing on
 * sale in feed order, at most `urlsPerFile` URLs a file. The index finds where each file starts
 * in one walk of the feed index, and a file walks that index from its start (never an OFFSET).
 * Everything built is kept for `keptForMs`, every file of the index, gzipped, concurrent requests
 * sharing one build, so a crawler's fetches cost no query; the index and the files are built one at a
 * time (the hourly index, a walk of every listing on sale, waits for a file being built), so a crawler
 * asking for all of them at once takes one core's slice, not every connection of the pool. The files
 * are built from the index's starts, so none lists a listing another file of the same index lists.
 * The starts are the site's, not the node's (`store`): a crawler reading the index on one node and
 * its files on others finds every file it names, split alike. Each node builds the files' XML itself,
 * so a listing changed since the build may show its change on one node and not yet on another. With
 * the store out of reach (the cache Redis down) a node keeps a build of its own.
 */
export class ListingSitemap {
  private readonly builds: LRUCache<'current', SitemapBuild>;
  /** The build under way (the index or a file), if any: the next one starts after it. */
  private building: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly reads: SitemapReads,
    private readonly store: SitemapStore,
    private readonly publicUrl: string,
    private readonly limits: SitemapLimits = SITEMAP_LIMITS,
  ) {
    // Kept until the shared build expires, on every node alike.
    const ttlOf = ({ builtAt }: SitemapBuild) => builtAt + limits.keptForMs - Date.now();
    this.builds = readThroughCache({ max: 1, ttlMs: limits.keptForMs, ttlOf, load: () => this.oneAtATime(() => this.build()) });
  }

  /** The index or one of its files by path; undefined for any other path. */
  async document(path: string): Promise<SitemapDocument | undefined> {
    if (path === SITEMAP_INDEX) return (await this.builds.fetch('current'))!.index;
    const number = Number(SITEMAP_FILE.exec(path)?.[1]);
    if (!number) return undefined;
    const build = (await this.builds.fetch('current'))!;
    return number <= build.fileStarts.length + 1 ? build.files.fetch(number) : undefined;
  }

  private async build(): Promise<SitemapBuild> {
    const { builtAt, fileStarts } = await this.sharedBuild();
    const files = Array.from({ length: fileStarts.length + 1 }, (_, index) => this.absolute(`/sitemap-${index + 1}.xml`));
    return {
      builtAt,
      index: await sitemapDocument(sitemapXml('sitemapindex', files.map((file) => `<sitemap><loc>${escapeXml(file)}</loc></sitemap>`))),
      fileStarts,
      files: readThroughCache({ max: files.length, ttlMs: this.limits.keptForMs, load: (number: number) => this.oneAtATime(() => this.file(number, fileStarts)) }),
    };
  }

  /** The site's build when another node made one, else this node's, kept for the others. */
  private async sharedBuild(): Promise<SharedBuild> {
    const kept = await this.store.kept().catch(() => null);
    if (kept) return JSON.parse(kept) as SharedBuild;
    const built = JSON.stringify({ builtAt: Date.now(), fileStarts: await this.fileStarts() } satisfies SharedBuild);
    return JSON.parse(await this.store.keep(built, this.limits.keptForMs).catch(() => built)) as SharedBuild;
  }

  private async fileStarts(): Promise<FeedPosition[]> {
    const { urlsPerFile } = this.limits;
    // The home page is URL 1, so the listing at feed position n is URL n + 1: a file starts at each multiple of urlsPerFile.
    return (await this.reads.query(
      `SELECT tarif, created_at::text AS created_at, id
         FROM (SELECT l.tarif, l.created_at, l.id, row_number() OVER (ORDER BY ${FEED_ORDER}) AS position
                 FROM listing l WHERE ${ON_SALE}) listing_in_order
        WHERE position % $1 = 0
        ORDER BY position`,
      [urlsPerFile],
    )) as FeedPosition[];
  }

  private oneAtATime<T>(build: () => Promise<T>): Promise<T> {
    const built = this.building.then(build);
    this.building = built.catch(() => undefined);
    return built;
  }

  private async file(number: number, fileStarts: FeedPosition[]): Promise<SitemapDocument> {
    const start = fileStarts[number - 2];
    const next = fileStarts[number - 1];
    const params: unknown[] = [number === 1 ? this.limits.urlsPerFile - 1 : this.limits.urlsPerFile];
    const position = ({ tarif, created_at, id }: FeedPosition) => {
      params.push(tarif, created_at, id);
      return `($${params.length - 2}, $${params.length - 1}, $${params.length})`;
    };
    // The next file's start cuts the page outside its LIMIT: the index is walked from this file's
    // start (a range of two row comparisons is misestimated into a sort), and a listing gone since
    // the index was built cannot pull the next file's first listings in twice.
    const rows = (await this.reads.query(
      `SELECT l.id, l.updated_at
         FROM (SELECT l.id, l.updated_at, l.tarif, l.created_at FROM listing l
                WHERE ${ON_SALE}${start ? ` AND (l.tarif, l.created_at, l.id) <= ${position(start)}` : ''}
                ORDER BY ${FEED_ORDER} LIMIT $1) l
        ${next ? `WHERE (l.tarif, l.created_at, l.id) > ${position(next)}` : ''}
        ORDER BY ${FEED_ORDER}`,
      params,
    )) as Array<{ id: string; updated_at: Date }>;
    const urls = rows.map(
      (row) => `<url><loc>${escapeXml(this.absolute(`/phone/${row.id}`))}</loc><lastmod>${row.updated_at.toISOString()}</lastmod></url>`,
    );
    if (number === 1) urls.unshift(`<url><loc>${escapeXml(this.absolute('/'))}</loc><changefreq>hourly</changefreq></url>`);
    return sitemapDocument(sitemapXml('urlset', urls));
  }

  private absolute(path: string): string {
    return absoluteUrl(path, this.publicUrl);
  }
}

/**
 * What makes listings shareable and findable: the preview of a `/phone/{id}` link (title,
 * description, price and first photo in the served index.html, for Telegram and search
 * engines that do not run JavaScript) and the sitemap of the listings on sale. Both read through
 * the public reads: a crawler's or a link preview's request is an anonymous GET, answered from a replica.
 */
@Injectable()
export class ListingSharePages {
  private readonly sitemap: ListingSitemap;

  constructor(
    private readonly reads: PublicReads,
    private readonly images: ImagesService,
    private readonly categories: CategoriesService,
    private readonly config: AppConfig,
    redis: RedisClient,
  ) {
    this.sitemap = new ListingSitemap(
      { query: (sql, params) => reads.query(sql, params, { timeoutMs: INDEX_WALK_TIMEOUT_MS }) },
      redisSitemapStore(redis, `${config.QUEUE_PREFIX}:sitemap`),
      config.PUBLIC_URL,
    );
  }

  frontendOptions(): ServeFrontendOptions {
    return {
      pageMeta: (path) => this.pageMeta(path),
      // The home page asks for the feed of the filters in its address, written as the app writes it.
      queryData: (path, query) => (path === '/' ? [`/api/phone?${listingQueryString(parseListingQuery(Object.fromEntries(query)))}`] : []),
      sitemap: { url: this.absolute(SITEMAP_INDEX), document: (path) => this.sitemap.document(path) },
    };
  }

  /** The preview of an active listing's page; other pages keep the default head. */
  async pageMeta(path: string): Promise<PageMeta | undefined> {
    const id = LISTING_PAGE.exec(path)?.[1];
    if (!id) return undefined;
    type PreviewRow = Pick<CardRow, 'image_id' | 'image_key'> & {
      image_variant_keys: string[] | null;
      name: string;
      description: string;
      price: string;
      valut: Currency;
      region: string;
      category_id: string;
    };
    const rows = await this.reads.query<PreviewRow>(
      `SELECT l.name, l.description, l.price, l.valut, l.region, l.category_id, ${FIRST_PHOTO_COLUMNS}, photo.variant_keys AS image_variant_keys
         FROM listing l
         ${FIRST_PHOTO_JOIN}
        WHERE l.id = $1 AND ${ON_SALE}`,
      [id],
    );
    const listing = rows[0];
    if (!listing) return undefined;
    const brand = await this.categories.nameOf(listing.category_id);
    const price = formatListingPrice(Number(listing.price), listing.valut, 'uz');
    const region = LISTING_REGIONS.find((candidate) => candidate.id === listing.region)?.label.uz ?? listing.region;
    const photo = listing.image_id
      ? largePhoto({ id: listing.image_id, key: listing.image_key!, variant_keys: listing.image_variant_keys ?? [] }, (key) => this.images.locationOf(key))
      : undefined;
    return {
      title: `${listing.name}, ${price} | Telefon bozor`,
      description: [price, region, maskCardNumbers(listing.description)].join(' · '),
      url: this.absolute(`/phone/${id}`),
      image: photo?.location,
      mainPicture: photo && { href: photo.location, srcset: photo.srcset, sizes: LISTING_PHOTO_SIZES },
      type: 'product',
      properties: {
        'og:site_name': 'Telefon bozor',
        'og:locale': 'uz_UZ',
        'product:price:amount': String(Number(listing.price)),
        'product:price:currency': listing.valut.toUpperCase(),
        ...(brand && { 'product:brand': brand }),
      },
    };
  }

  private absolute(path: string): string {
    return absoluteUrl(path, this.config.PUBLIC_URL);
  }
}
