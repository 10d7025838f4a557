import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatListingPrice, LISTING_PHOTO_SIZES, LISTING_REGIONS, type Currency } from '@market/contracts';
import { AppConfig } from '../config/app-config';
import type { PageMeta, ServeFrontendOptions } from '../spa/serve-frontend';
import { ImagesService } from '../uploads/images.service';
import { FEED_ORDER, ON_SALE } from './listing-feed';
import { FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, largePhoto, type CardRow } from './listing.serializer';

const LISTING_PAGE = /^\/phone\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * What makes listings shareable and findable: the preview of a `/phone/{id}` link (title,
 * description, price and first photo in the served index.html, for Telegram and search
 * engines that do not run JavaScript) and the sitemap of the listings on sale.
 */
@Injectable()
export class ListingSharePages {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    private readonly config: AppConfig,
  ) {}

  frontendOptions(): ServeFrontendOptions {
    return {
      pageMeta: (path) => this.pageMeta(path),
      sitemap: { url: this.absolute('/sitemap.xml'), render: () => this.sitemap() },
    };
  }

  /** The preview of an active listing's page; other pages keep the default head. */
  async pageMeta(path: string): Promise<PageMeta | undefined> {
    const id = LISTING_PAGE.exec(path)?.[1];
    if (!id) return undefined;
    type PreviewRow = Pick<CardRow, 'image_id' | 'image_key' | 'image_variant_keys'> & {
      name: string;
      description: string;
      price: string;
      valut: Currency;
      region: string;
      category: string | null;
    };
    const rows: PreviewRow[] = await this.dataSource.query(
      `SELECT l.name, l.description, l.price, l.valut, l.region, c.name AS category, ${FIRST_PHOTO_COLUMNS}
         FROM listing l LEFT JOIN categories c ON c.id = l.category_id
         ${FIRST_PHOTO_JOIN}
        WHERE l.id = $1 AND ${ON_SALE}`,
      [id],
    );
    const listing = rows[0];
    if (!listing) return undefined;
    const price = formatListingPrice(Number(listing.price), listing.valut);
    const region = LISTING_REGIONS.find((candidate) => candidate.id === listing.region)?.label.uz ?? listing.region;
    const photo = listing.image_id
      ? largePhoto({ id: listing.image_id, key: listing.image_key!, variant_keys: listing.image_variant_keys ?? [] }, (key) => this.images.locationOf(key))
      : undefined;
    return {
      title: `${listing.name}, ${price} | Telefon bozor`,
      description: [price, region, listing.description].join(' · '),
      url: this.absolute(`/phone/${id}`),
      image: photo?.location,
      mainPicture: photo && { href: photo.location, srcset: photo.srcset, sizes: LISTING_PHOTO_SIZES },
      type: 'product',
      properties: {
        'og:site_name': 'Telefon bozor',
        'og:locale': 'uz_UZ',
        'product:price:amount': String(Number(listing.price)),
        'product:price:currency': listing.valut.toUpperCase(),
        ...(listing.category && { 'product:brand': listing.category }),
      },
    };
  }

  /** The home page and every listing on sale, promoted and newest first. */
  async sitemap(): Promise<string> {
    const rows: { id: string; updated_at: Date }[] = await this.dataSource.query(
      `SELECT l.id, l.updated_at FROM listing l WHERE ${ON_SALE} ORDER BY ${FEED_ORDER} LIMIT $1`,
      [SITEMAP_MAX_URLS - 1],
    );
    const urls = [
      `<url><loc>${escapeXml(this.absolute('/'))}</loc><changefreq>hourly</changefreq></url>`,
      ...rows.map(
        (row) => `<url><loc>${escapeXml(this.absolute(`/phone/${row.id}`))}</loc><lastmod>${row.updated_at.toISOString()}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  private absolute(path: string): string {
    return new URL(path, this.config.PUBLIC_URL).toString();
  }
}
