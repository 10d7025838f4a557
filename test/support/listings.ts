import type { DataSource } from 'typeorm';

export interface TestListingOptions {
  authorId: string;
  status?: string;
  tarif?: 0 | 1;
  photos?: number;
  name?: string;
  description?: string;
  /** A photo stored before uploads made the JPEG copy for Instagram and Facebook. */
  withoutJpegCopy?: boolean;
}

/** Where the photos of inserted listings are keyed: rows only, no file is stored (the fake Graph stands in a picture for them). */
export const TEST_PHOTO_KEYS = 'listings/test/';

/**
 * A complete listing inserted straight into the database (any seeded device, its brand),
 * with photos whose locations point at an image host, for tests of what follows a listing.
 */
export async function insertListing(dataSource: DataSource, options: TestListingOptions): Promise<string> {
  const [device] = (await dataSource.query(`SELECT id, category_id, name FROM devices ORDER BY name LIMIT 1`)) as Array<{
    id: string;
    category_id: string;
    name: string;
  }>;
  if (!device) throw new Error('No device in the catalogue: start the API once (it seeds it) or call insertTestDevice');
  const [{ id }] = await dataSource.query(
    `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                          phone_number, status, tarif, ram, storage, color)
     VALUES ($1, $2, $3, $4, 6500000, 'uzs', 6500000, 'toshkent', $5, '998901112233', $6, $7, '8GB', '128GB', 'Black')
     RETURNING id`,
    [
      options.authorId,
      device.id,
      device.category_id,
      options.name ?? device.name,
      options.description ?? 'Yaxshi holatda, quti bor',
      options.status ?? 'waiting',
      options.tarif ?? 0,
    ],
  );
  for (let position = 0; position < (options.photos ?? 2); position++) {
    const name = `${TEST_PHOTO_KEYS}${id}-${position}`;
    const key = `${name}.webp`;
    // The copies an upload makes (LISTING_PHOTO_VARIANTS); photos stored before the JPEG copy existed have only the first two.
    const variantKeys = [`${name}-400.webp`, `${name}-800.webp`, ...(options.withoutJpegCopy ? [] : [`${name}-channel.jpg`])];
    const [image] = await dataSource.query(
      `INSERT INTO images (owner_id, purpose, key, variant_keys, location, attached) VALUES ($1, 'listing', $2, $3, $4, true) RETURNING id`,
      [options.authorId, key, variantKeys, `https://images.test/${key}`],
    );
    await dataSource.query(`INSERT INTO listing_image (listing_id, position, image_id) VALUES ($1, $2, $3)`, [id, position, image.id]);
  }
  return id;
}

/** A brand and a device, for databases the API never started on (and so never seeded). */
export async function insertTestDevice(dataSource: DataSource): Promise<void> {
  const [category] = await dataSource.query(
    `INSERT INTO categories (name, color, number) VALUES ('Test brand', '#0f766e', 0) RETURNING id`,
  );
  await dataSource.query(`INSERT INTO devices (name, category_id, quick_spec, detail_spec) VALUES ('Test Phone 1', $1, '[]', '[]')`, [
    category.id,
  ]);
}
