import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { completeImei, CONDITION_GRADES, deviceColors, deviceMemoryOptions, type Currency } from '@market/contracts';
import { AppConfig } from '../../config/app-config';
import { DevicesService, type BrandedDevice } from '../../devices/devices.service';
import { ImagesService } from '../../uploads/images.service';
import { UsersService } from '../../users/users.service';
import { ExchangeRateService } from '../exchange-rate.service';
import { LISTING_PHOTO_SHAPE, LISTING_PHOTO_VARIANTS } from '../listing-photo-shapes';
import { ListingsService } from '../listings.service';
import { ListingCountersService } from '../../browse/listing-counters.service';
import { roundSom } from '../../browse/price-guide/price-guide.service';
import { referenceMedian } from '../../browse/price-guide/reference-prices';

/** Any number to name the demo seed's advisory lock: two API processes starting together seed once. */
const DEMO_LOCK_ID = 7_121_000;
const DEVICES_PER_BRAND = 3;
const MAX_LISTINGS = 48;
const SEEDING_CONCURRENCY = 4;

/**
 * Demo sellers, each selling in their own region. Their numbers are valid Uzbek mobile numbers
 * (real operator codes, so every form and check takes them) whose subscriber part starts with 0:
 * operators assign subscriber numbers from 1 upwards, so no real person is ever called. They have
 * no Telegram username: any valid one may be a real person's, so buyers write on the platform.
 */
const DEMO_SELLERS = [
  { phoneNumber: '998900000001', name: 'Aziz Karimov', region: 'toshkent' },
  { phoneNumber: '998930000002', name: 'Dilnoza Yusupova', region: 'samarqand' },
  { phoneNumber: '998970000003', name: 'Jasur Rahimov', region: 'fargona' },
  { phoneNumber: '998990000004', name: 'Malika Tursunova', region: 'buxoro' },
  { phoneNumber: '998880000005', name: 'Sardor Aliyev', region: 'andijon' },
  { phoneNumber: '998330000006', name: 'Nodira Qodirova', region: 'xorazm' },
  { phoneNumber: '998910000007', name: 'Bekzod Xolmatov', region: 'namangan' },
  { phoneNumber: '998940000008', name: 'Gulnora Saidova', region: 'qashqadaryo' },
  { phoneNumber: '998950000009', name: 'Otabek Ergashev', region: 'surxondaryo' },
  { phoneNumber: '998770000010', name: 'Shahzoda Nazarova', region: 'navoiy' },
  { phoneNumber: '998500000011', name: 'Rustam Mirzayev', region: 'jizzax' },
  { phoneNumber: '998200000012', name: 'Kamola Abdullayeva', region: 'sirdaryo' },
  { phoneNumber: '998980000013', name: 'Ulugbek Tojiboyev', region: 'qoraqalpogiston' },
  { phoneNumber: '998900000014', name: 'Zarina Hasanova', region: 'toshkent' },
] as const;

const DESCRIPTIONS = [
  "Ideal holatda, qutisi va hujjatlari bor. Batareya 90% dan yuqori.",
  "Ekranida mayda chiziq bor, boshqa muammosi yo'q. Hamma funksiyalari ishlaydi.",
  "Bir yil ishlatilgan, doim g'ilofda yurgan. Zaryadlovchisi bilan beriladi.",
  "Yangi, ochilmagan. Kafolati bor, almashtirish ham mumkin.",
  "Ta'mirlanmagan, original ekran. Kelishamiz, real xaridorga chegirma.",
  "Sovg'a qilingan, kam ishlatilgan. Ikkita SIM karta ishlaydi.",
  "Tez sotiladi, pul kerak. Kamerasi juda zo'r, faqat o'zim ishlatganman.",
  "Orqa qopqog'ida kichik tirnalish bor. Face ID / barmoq izi ishlaydi.",
];

/**
 * Where a demo price sits in its model's reference band (reference-prices.ts, the price guide's):
 * a new phone asks the top of it, grade A a little over the median, C under it.
 */
const PRICE_BY_CONDITION = { new: 1.25, A: 1.05, B: 0.95, C: 0.82 } as const;
/** One demo listing in four is priced in dollars, as shops in Tashkent quote dearer phones. */
const IN_DOLLARS_EVERY = 4;

export interface DemoSeedReport {
  listings: number;
  skipped?: 'not empty' | 'already seeded';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A small seeded random generator (mulberry32): the same listing draws the same picture every time. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A product-shot-like picture: the brand colour as a gradient with soft lights behind a phone
 * silhouette and the model's name. The lights and the phone's place come from the listing's own
 * seed, so no two demo listings share a photo (the checks would flag a reused one).
 */
export async function demoPhoto(deviceName: string, brandColor: string, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const angle = `x1="${random().toFixed(2)}" y1="0" x2="${random().toFixed(2)}" y2="1"`;
  const lights = Array.from({ length: 7 }, () => {
    const shade = random() < 0.5 ? '#ffffff' : '#000000';
    return `<circle cx="${Math.round(random() * 800)}" cy="${Math.round(random() * 600)}" r="${Math.round(60 + random() * 170)}" fill="${shade}" fill-opacity="${(0.15 + random() * 0.35).toFixed(2)}"/>`;
  }).join('');
  const x = Math.round(180 + random() * 440);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 800 600">
    <defs><linearGradient id="g" ${angle}><stop offset="0" stop-color="${brandColor}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>${lights}
    <rect x="${x - 90}" y="110" width="180" height="350" rx="30" fill="#111827" stroke="#e5e7eb" stroke-width="6"/>
    <rect x="${x - 74}" y="140" width="148" height="290" rx="14" fill="#1f2937"/>
    <circle cx="${x}" cy="126" r="6" fill="#6b7280"/>
    <text x="400" y="535" font-family="DejaVu Sans, sans-serif" font-size="${Math.min(38, Math.floor(1300 / deviceName.length))}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(deviceName)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * Demo listings so a first visit of a development install shows a living marketplace:
 * several sellers, every brand of the catalogue and every region, prices in both currencies,
 * photos drawn locally and stored through the image storage like uploads. Seeded at API start
 * into a database without listings (outside production, see DEMO_LISTINGS) and by
 * `npm run seed:demo`; a second run adds nothing.
 */
@Injectable()
export class DemoListings implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoListings.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listings: ListingsService,
    private readonly images: ImagesService,
    private readonly users: UsersService,
    private readonly devices: DevicesService,
    private readonly exchangeRate: ExchangeRateService,
    private readonly counters: ListingCountersService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const enabled = this.config.DEMO_LISTINGS ? this.config.DEMO_LISTINGS === 'true' : this.config.NODE_ENV === 'development';
    if (!enabled || this.config.NODE_ENV === 'production') return;
    const report = await this.seed('if-empty');
    if (!report.skipped) this.logger.log(`Demo data: ${report.listings} listings seeded (DEMO_LISTINGS=false turns this off)`);
  }

  /**
   * 'if-empty': only into a database without any listing (API start). 'on-demand': unless the
   * demo sellers already have listings (`npm run seed:demo`).
   */
  async seed(mode: 'if-empty' | 'on-demand'): Promise<DemoSeedReport> {
    const started = Date.now();
    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK_ID]);
      const sellers = await this.users.ensureConfirmed(DEMO_SELLERS);
      const [{ any, demo }]: { any: boolean; demo: boolean }[] = await this.dataSource.query(
        `SELECT EXISTS (SELECT 1 FROM listing) AS any, EXISTS (SELECT 1 FROM listing WHERE author_id = ANY($1)) AS demo`,
        [sellers],
      );
      if (demo) return { listings: 0, skipped: 'already seeded' };
      if (any && mode === 'if-empty') return { listings: 0, skipped: 'not empty' };
      const listings = await this.seedListings(sellers);
      this.logger.log(`Demo listings took ${Date.now() - started} ms`);
      return { listings };
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK_ID]).catch(() => undefined);
      await lock.release();
    }
  }

  private async seedListings(sellers: string[]): Promise<number> {
    // Only models with a reference price (every shipped one): a demo price comes from it.
    const devices = (await this.devices.mostSelectedPerBrand(DEVICES_PER_BRAND, MAX_LISTINGS)).filter(
      (device) => referenceMedian(device.name) !== undefined,
    );
    const { rate } = await this.exchangeRate.current();
    // A few at a time: sharp draws on the thread pool while the next listing waits for the database.
    const created: { id: string; minutesAgo: number; views: number }[] = [];
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < devices.length; index = next++) {
        const id = await this.seedListing(devices[index], index, sellers, rate);
        created.push({ id, minutesAgo: 7 + index * 173, views: 12 + ((index * 37) % 240) });
      }
    };
    await Promise.all(Array.from({ length: SEEDING_CONCURRENCY }, worker));
    // Approved as moderation would, without its events: demo listings are never posted to the channels.
    const demo = JSON.stringify(created.map((listing) => ({ id: listing.id, minutes_ago: listing.minutesAgo, views: listing.views })));
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE listing SET status = 'active', approved_at = now() - make_interval(mins => demo.minutes_ago - 5),
                created_at = now() - make_interval(mins => demo.minutes_ago), updated_at = now() - make_interval(mins => demo.minutes_ago)
           FROM jsonb_to_recordset($1::jsonb) AS demo(id uuid, minutes_ago int)
          WHERE listing.id = demo.id`,
        [demo],
      );
      await this.counters.add(new Map(created.map((listing) => [listing.id, { views: listing.views, contactReveals: 0 }])), manager);
    });
    return created.length;
  }

  private async seedListing(device: BrandedDevice, index: number, sellers: string[], usdRate: number): Promise<string> {
    const sellerIndex = index % sellers.length;
    const seller = DEMO_SELLERS[sellerIndex];
    const actor = { id: sellers[sellerIndex], role: 'user' as const };
    const photos = [];
    for (let variant = 0; variant < (index % 3 === 0 ? 2 : 1); variant++) {
      photos.push(
        await this.images.store(await demoPhoto(device.name, device.brandColor, index * 16 + variant), {
          purpose: 'listing',
          ownerId: actor.id,
          shape: LISTING_PHOTO_SHAPE,
          variants: LISTING_PHOTO_VARIANTS,
          attached: false,
        }),
      );
    }
    const memory = deviceMemoryOptions(device);
    const colors = deviceColors(device);
    const isNew = index % 7 === 0;
    const grade = isNew ? null : CONDITION_GRADES[index % CONDITION_GRADES.length];
    const { price, valut } = demoPrice(device, isNew ? 'new' : grade!, index, usdRate);
    const saved = await this.listings.create(
      actor,
      {
        device: device.id,
        ram: memory[index % Math.max(memory.length, 1)]?.ram ?? null,
        storage: memory[index % Math.max(memory.length, 1)]?.storage ?? null,
        color: colors[index % Math.max(colors.length, 1)] ?? null,
        price,
        valut,
        description: DESCRIPTIONS[index % DESCRIPTIONS.length],
        authorName: seller.name.split(' ')[0],
        telegramUsername: null,
        updateProfile: false,
        region: seller.region,
        images: photos.map((photo) => photo.id),
        condition: isNew,
        // A new phone comes with its box and documents, and has no grade or battery wear.
        documents: isNew || index % 2 === 0,
        delivery: index % 3 !== 1,
        // One IMEI of its own per demo phone (35 starts many phones' type codes).
        imei: [completeImei(`35${String(index).padStart(12, '0')}`)],
        uzimeiRegistered: index % 5 !== 0,
        noInstalmentDebt: true,
        grade,
        battery: isNew || index % 4 === 3 ? null : 100 - ((index * 7) % 31),
        tarif: index % 9 === 0 ? 1 : 0,
        step: 9,
      },
      '127.0.0.1',
    );
    return saved._id;
  }
}

/**
 * A demo price from the model's reference band, as the price guide shows it, so the first screen
 * never shows a flagship for a budget phone's price; one listing in IN_DOLLARS_EVERY is in
 * dollars at the day's rate, the same amount in so'm.
 */
function demoPrice(device: BrandedDevice, condition: keyof typeof PRICE_BY_CONDITION, index: number, usdRate: number): { price: number; valut: Currency } {
  const median = referenceMedian(device.name)!;
  // Sellers of the same model and condition ask a little more or less: ±4 %.
  const som = roundSom(median * PRICE_BY_CONDITION[condition] * (0.96 + ((index * 7919) % 9) / 100));
  if (index % IN_DOLLARS_EVERY === IN_DOLLARS_EVERY - 1) return { price: Math.round(som / usdRate / 5) * 5, valut: 'usd' };
  return { price: som, valut: 'uzs' };
}
