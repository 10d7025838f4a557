import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import type { AdminChannelPost, Currency, ListingStatus, SocialChannel } from '@market/contracts';
import { detailedShapes } from '../../test/support/pictures';

/*
 * Listings for browser tests, written straight into the e2e database (E2E_DATABASE_URL,
 * set by global-setup.ts) with the tables of backend/src/database/migrations: categories,
 * devices, users, images, listing and listing_image. Photos are real PNG files in the API's
 * local image storage, so cards and the slider show pictures.
 */

/** Where the API started by stack.ts keeps uploads (its STORAGE_DIR default: <repo>/storage). */
const STORAGE_DIR = process.env.E2E_STORAGE_DIR ?? join(__dirname, '../../storage');
/** The so'm price of a dollar listing is normalised with the stored rate, or the API's default fallback. */
const FALLBACK_USD_RATE = 12_650;

export interface SeededBrand {
  id: string;
  name: string;
}

export interface SeededDevice {
  id: string;
  name: string;
  brand: SeededBrand;
}

export interface SeededSeller {
  id: string;
  phoneNumber: string;
  name: string | null;
}

export interface ListingSeed {
  device: SeededDevice;
  seller: SeededSeller;
  /** Defaults to the device's name. */
  name?: string;
  price?: number;
  valut?: Currency;
  /** A region id of contracts' LISTING_REGIONS. */
  region?: string;
  status?: ListingStatus;
  tarif?: 0 | 1;
  condition?: boolean;
  document?: boolean;
  shipping?: boolean;
  color?: string | null;
  ram?: string | null;
  storage?: string | null;
  description?: string;
  authorName?: string | null;
  /** The contact the listing reveals; defaults to the seller's number. */
  phoneNumber?: string;
  telegramUsername?: string | null;
  createdAt?: Date;
  /** How many photos (PNG files with their number drawn on them); 0 for none. */
  photos?: number;
  /**
   * Photos as the API stores an upload: the large picture 1600 px wide with its 400 and 800 px
   * copies (backend listing-photo-shapes.ts); otherwise one 800 px picture without copies.
   */
  photoCopies?: boolean;
  /** Moderation's reason of a 'cancelled' listing: a REJECTION_REASONS code or an admin's words. */
  rejectionReason?: string | null;
  /** Each channel's post as the workers store it (state, reason and eta for admins and the seller). */
  posts?: Partial<Record<SocialChannel, AdminChannelPost>>;
}

export interface SeededListing {
  id: string;
  name: string;
  photoIds: string[];
}

/** A random 12-digit Uzbek number (998 93 …) for a seller nobody else uses. */
export function newSellerPhone(): string {
  return `99893${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/**
 * A listing's photo: its number on shapes placed by `seed`, so that two sellers' photos differ as real ones do (the
 * workers' reused-photo check compares them; pictures alike but for their colour read as one seller's copy of another's).
 */
async function photoPng(label: string, hue: number, seed: number, width = 800): Promise<Buffer> {
  const height = (width * 3) / 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">
    <rect width="1200" height="900" fill="hsl(${hue},55%,55%)"/>${detailedShapes(seed)}
    <text x="600" y="495" font-size="144" font-family="sans-serif" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export class E2eListings {
  private constructor(private readonly client: Client) {}

  static async connect(): Promise<E2eListings> {
    const url = process.env.E2E_DATABASE_URL;
    if (!url) throw new Error('E2E_DATABASE_URL is not set: run the browser tests through e2e/playwright.config.ts');
    const client = new Client({ connectionString: url });
    await client.connect();
    return new E2eListings(client);
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  /** A brand (category), or a series of `seriesOf`; names are unique regardless of case, so give each test file its own. */
  async createBrand(name: string, seriesOf?: SeededBrand): Promise<SeededBrand> {
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO categories (name, color, number, parent_id) VALUES ($1, '#0f766e', 1000, $2) RETURNING id`,
      [name, seriesOf?.id ?? null],
    );
    return { id: rows[0].id, name };
  }

  async createDevice(brand: SeededBrand, name: string, quickSpec: { name: string; value: string }[] = []): Promise<SeededDevice> {
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO devices (name, category_id, quick_spec) VALUES ($1, $2, $3::jsonb) RETURNING id`,
      [name, brand.id, JSON.stringify(quickSpec)],
    );
    return { id: rows[0].id, name, brand };
  }

  async createSeller(options: { name?: string | null; phoneNumber?: string; telegramUsername?: string | null } = {}): Promise<SeededSeller> {
    const phoneNumber = options.phoneNumber ?? newSellerPhone();
    const name = options.name === undefined ? 'Sotuvchi' : options.name;
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO users (phone_number, name, telegram_username, phone_confirmed) VALUES ($1, $2, $3, true) RETURNING id`,
      [phoneNumber, name, options.telegramUsername ?? null],
    );
    return { id: rows[0].id, phoneNumber, name };
  }

  /** The account a browser signed in with, as a seller listings can be written for. */
  async sellerOf(phoneNumber: string): Promise<SeededSeller> {
    const { rows } = await this.client.query<{ id: string; name: string | null }>(`SELECT id, name FROM users WHERE phone_number = $1`, [phoneNumber]);
    return { id: rows[0].id, phoneNumber, name: rows[0].name };
  }

  /** Approves a listing as an admin's decision does (moderation has tests of its own). */
  async approve(listingId: string): Promise<void> {
    await this.client.query(`UPDATE listing SET status = 'active', approved_at = now(), updated_at = now() WHERE id = $1`, [listingId]);
  }

  /** A buyer's report on a listing, as `POST /api/phone/{id}/report` records it. */
  /** Makes an account `days` old: reports weigh by their reporter's age (issue 35). */
  async ageAccount(account: { phoneNumber: string }, days: number): Promise<void> {
    await this.client.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE phone_number = $1`, [account.phoneNumber, days]);
  }

  async createReport(listing: SeededListing, reporter: SeededSeller, reason: string): Promise<void> {
    await this.client.query(`INSERT INTO listing_report (listing_id, reporter_id, reason) VALUES ($1, $2, $3)`, [listing.id, reporter.id, reason]);
  }

  /** How many times moderators opened a conversation's thread, as the conversations module records it. */
  async moderatorReads(conversationId: string): Promise<number> {
    const { rows } = await this.client.query<{ reads: number }>(`SELECT count(*)::int AS reads FROM conversation_moderator_read WHERE conversation_id = $1`, [conversationId]);
    return rows[0].reads;
  }

  async createListing(seed: ListingSeed): Promise<SeededListing> {
    const price = seed.price ?? 2_000_000;
    const valut = seed.valut ?? 'uzs';
    const name = seed.name ?? seed.device.name;
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, condition, document, shipping,
                            region, color, ram, storage, description, tarif, status, step, phone_number, telegram_username,
                            author_name, posts, created_at, updated_at, rejection_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 9, $18, $19, $20, $21::jsonb, $22, $22, $23)
       RETURNING id`,
      [
        seed.seller.id,
        seed.device.id,
        seed.device.brand.id,
        name,
        price,
        valut,
        valut === 'usd' ? Math.round(price * (await this.usdRate())) : price,
        seed.condition ?? false,
        seed.document ?? false,
        seed.shipping ?? false,
        seed.region ?? 'toshkent',
        seed.color ?? null,
        seed.ram ?? null,
        seed.storage ?? null,
        seed.description ?? `${name}: yaxshi holatda, barcha funksiyalari ishlaydi.`,
        seed.tarif ?? 0,
        seed.status ?? 'active',
        seed.phoneNumber ?? seed.seller.phoneNumber,
        seed.telegramUsername ?? null,
        seed.authorName ?? null,
        JSON.stringify(seed.posts ?? {}),
        seed.createdAt ?? new Date(),
        seed.rejectionReason ?? null,
      ],
    );
    const id = rows[0].id;
    const photoIds: string[] = [];
    for (let position = 0; position < (seed.photos ?? 1); position++) {
      photoIds.push(await this.addPhoto(id, seed.seller.id, position, seed.photoCopies ?? false));
    }
    return { id, name, photoIds };
  }

  /** Removes the photo files written by this test run (the database is dropped by the global teardown). */
  /** Dates a listing made through the wizard years back: the moderation queue, oldest first, shows it on its first page. */
  async backdate(name: string): Promise<void> {
    await this.client.query(`UPDATE listing SET created_at = '2019-01-01' WHERE name = $1`, [name]);
  }

  static async removePhotoFiles(): Promise<void> {

    await rm(join(STORAGE_DIR, E2eListings.photoFolder()), { recursive: true, force: true });
  }

  private static photoFolder(): string {
    return `e2e/${process.env.E2E_DATABASE_NAME ?? 'listings'}`;
  }

  /** A user who signed in through the pages, to seed listings of their own. */
  async userByPhone(phoneNumber: string): Promise<SeededSeller> {
    const { rows } = await this.client.query<{ id: string; name: string | null }>(`SELECT id, name FROM users WHERE phone_number = $1`, [phoneNumber]);
    if (!rows[0]) throw new Error(`No user with the number ${phoneNumber}`);
    return { id: rows[0].id, phoneNumber, name: rows[0].name };
  }

  /** Shows `picture` (PNG bytes) as the listing's next photo, stored as the API stores an upload (without its copies). */
  async addPicture(listing: SeededListing, owner: SeededSeller, picture: Buffer): Promise<void> {
    listing.photoIds.push(await this.storePhoto(listing.id, owner.id, listing.photoIds.length, [{ name: 'picture', body: picture }]));
  }

  private async addPhoto(listingId: string, ownerId: string, position: number, copies: boolean): Promise<string> {
    const label = String(position + 1);
    const hue = (position * 67 + listingId.charCodeAt(0) * 13) % 360;
    // In the order of the API's LISTING_PHOTO_VARIANTS: the 400 px thumbnail, then the 800 px screen copy.
    const widths = copies ? [1600, 400, 800] : [800];
    const seed = (parseInt(listingId.slice(0, 8), 16) + position * 7919) % 2147483648;
    const pictures = await Promise.all(widths.map(async (width) => ({ name: String(width), body: await photoPng(label, hue, seed, width) })));
    return this.storePhoto(listingId, ownerId, position, pictures);
  }

  /** Writes the picture and its copies (`variant_keys`) to the storage, each key ending in its name, and shows it at `position`. */
  private async storePhoto(listingId: string, ownerId: string, position: number, [picture, ...copies]: { name: string; body: Buffer }[]): Promise<string> {
    const writePhoto = async ({ name, body }: { name: string; body: Buffer }) => {
      const key = `${E2eListings.photoFolder()}/${randomUUID()}-${name}.png`;
      const path = join(STORAGE_DIR, key);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, body);
      return key;
    };
    const key = await writePhoto(picture);
    const variantKeys = [];
    for (const copy of copies) variantKeys.push(await writePhoto(copy));
    const { rows } = await this.client.query<{ id: string }>(
      `INSERT INTO images (owner_id, purpose, key, location, attached, variant_keys) VALUES ($1, 'listing', $2, $3, true, $4) RETURNING id`,
      [ownerId, key, `${process.env.E2E_BASE_URL ?? ''}/uploads/${key}`, variantKeys],
    );
    await this.client.query(`INSERT INTO listing_image (listing_id, position, image_id) VALUES ($1, $2, $3)`, [listingId, position, rows[0].id]);
    return rows[0].id;
  }

  private async usdRate(): Promise<number> {
    const { rows } = await this.client.query<{ rate: string }>(`SELECT rate FROM exchange_rate WHERE currency = 'usd'`);
    return rows[0] ? Number(rows[0].rate) : FALLBACK_USD_RATE;
  }
}
