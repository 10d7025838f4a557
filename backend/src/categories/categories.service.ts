import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, QueryFailedError, type EntityManager } from 'typeorm';
import type { Category, CategoryBody } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { lockedRow } from '../database/locked-row';
import { PublicReads } from '../database/public-reads';
import type { Image } from '../uploads/image.entity';
import { imageRefColumns, joinImage } from '../uploads/image-reads';
import { ImagesService } from '../uploads/images.service';
import { CategoryEntity } from './category.entity';
import type { CategoryUsage } from './category-usage';
import { BrandFamilies } from './brand-families';

/** A brand the catalogue seed needs; created once with these defaults, then owned by the admins. */
export interface BrandDefaults {
  name: string;
  color: string;
  number: number;
  /** The brand it is a series of, by name (Redmi: 'Xiaomi'), set when the seed creates it. */
  parent?: string;
}

/** A category without its counts: those come from the modules above this one (CategoriesPageService). */
export type StoredCategory = Omit<Category, 'PhonesCount' | 'devicesCount'>;

interface CategoryRow {
  id: string;
  name: string;
  color: string;
  description: string | null;
  number: number;
  parent_id: string | null;
  image_id: string | null;
  image_location: string | null;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function violates(error: unknown, code: string, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === code && (!constraint || driverError.constraint === constraint);
}

/** Categories with the image each shows (read through the uploads module's fragments). */
const CATEGORIES_WITH_IMAGES = `
  SELECT c.id, c.name, c.color, c.description, c.number, c.parent_id, ${imageRefColumns('i', 'image_')}
    FROM categories c ${joinImage('i', 'c.image_id', 'LEFT JOIN')}`;

/**
 * The categories (brands) and their images. The devices and listings modules attach things to
 * categories, so this module knows nothing of them: whoever removes a category counts them.
 */
@Injectable()
export class CategoriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly images: ImagesService,
  ) {}

  /** Every category in page order with its image, on the public pool: anyone may ask. */
  async list(): Promise<StoredCategory[]> {
    const rows = await this.reads.query<CategoryRow>(`${CATEGORIES_WITH_IMAGES} ORDER BY c.number, c.name`);
    return rows.map(toCategory);
  }

  /** The image must be one uploaded for a category (`POST /api/uploadImg`); saving marks it used. */
  async create(body: CategoryBody): Promise<StoredCategory> {
    const id = await this.saving(async (transaction) => {
      await this.checkParent(transaction, null, body.parent);
      await this.attachImage(transaction, body.image);
      const { identifiers } = await transaction.insert(CategoryEntity, this.columnsOf(body));
      return identifiers[0].id as string;
    });
    return this.get(id);
  }

  /** A replaced image is deleted with its files: only this category showed it. */
  async update(id: string, body: CategoryBody): Promise<StoredCategory> {
    const replaced = await this.saving(async (transaction) => {
      const category = await this.lockCategory(transaction, id);
      await this.checkParent(transaction, id, body.parent);
      const imageChanged = body.image !== category.imageId;
      if (imageChanged) await this.attachImage(transaction, body.image);
      await transaction.update(CategoryEntity, id, this.columnsOf(body));
      return imageChanged && category.imageId ? this.images.remove(transaction, category.imageId) : null;
    });
    await this.discardFiles(replaced);
    return this.get(id);
  }

  /**
   * Refused while devices or listings belong to the category: they would lose their brand.
   * `usageOf` counts them, in the transaction that holds the category's row lock when given one, and on its
   * connection: a second one from the pool can wait for connections that requests waiting for that row hold.
   */
  async remove(id: string, usageOf: (transaction?: EntityManager) => Promise<CategoryUsage>): Promise<void> {
    let image: Image | null;
    try {
      image = await this.dataSource.transaction(async (transaction) => {
        // The row lock makes a device or listing added meanwhile wait, then fail its foreign key.
        const category = await this.lockCategory(transaction, id);
        const usage = await usageOf(transaction);
        if (usage.listings > 0 || usage.devices > 0) throw inUse(usage);
        await transaction.delete(CategoryEntity, id);
        return category.imageId ? this.images.remove(transaction, category.imageId) : null;
      });
    } catch (error) {
      // Something the counts do not see (e.g. a deleted listing's row) still refers to the category.
      if (!violates(error, FOREIGN_KEY_VIOLATION)) throw error;
      throw inUse(await usageOf());
    }
    await this.discardFiles(image);
  }

  /** A category's name, e.g. the brand a shared listing's preview names; null when it is gone. */
  async nameOf(id: string): Promise<string | null> {
    const [category] = await this.reads.query<{ name: string }>(`SELECT name FROM categories WHERE id = $1`, [id], { prepared: true });
    return category?.name ?? null;
  }

  /** The categories' names by id, for lists that name each listing's brand; a category gone is left out. */
  async namesOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (ids.length === 0) return new Map();
    const categories = await this.dataSource.getRepository(CategoryEntity).find({ where: { id: In([...ids]) }, select: { id: true, name: true } });
    return new Map(categories.map((category) => [category.id, category.name]));
  }

  /** A brand's name and colour, e.g. for the drawing a new model shows until its photo arrives; null when it is gone. */
  async brandOf(id: string, transaction: EntityManager = this.dataSource.manager): Promise<{ name: string; color: string } | null> {
    return transaction.getRepository(CategoryEntity).findOne({ where: { id }, select: { name: true, color: true } });
  }

  /** Every brand with its series, as the caller's transaction sees them: a brand named in an address in any case, and what its filter takes. */
  async families(transaction: EntityManager = this.dataSource.manager): Promise<BrandFamilies> {
    return new BrandFamilies(await transaction.query(`SELECT id, name, parent_id FROM categories`));
  }

  /**
   * The ids of the brands by lower-cased name, creating the missing ones with their defaults.
   * Existing brands are left as the admins edited them, so running it again changes nothing.
   */
  async ensureBrands(brands: readonly BrandDefaults[], transaction: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    if (brands.length === 0) return new Map();
    const created: { name: string }[] = await transaction.query(
      `INSERT INTO categories (name, color, number)
       SELECT name, color, number FROM jsonb_to_recordset($1::jsonb) AS brand(name text, color text, number int)
       ON CONFLICT ((lower(name))) DO NOTHING
       RETURNING lower(name) AS name`,
      [JSON.stringify(brands)],
    );
    // A series joins its brand when created here; afterwards the admins decide.
    const newSeries = brands.filter((brand) => brand.parent && created.some((row) => row.name === brand.name.toLowerCase()));
    if (newSeries.length > 0) {
      await transaction.query(
        `UPDATE categories series SET parent_id = maker.id
           FROM jsonb_to_recordset($1::jsonb) AS brand(name text, parent text), categories maker
          WHERE lower(series.name) = lower(brand.name) AND lower(maker.name) = lower(brand.parent)`,
        [JSON.stringify(newSeries)],
      );
    }
    const rows: { id: string; name: string }[] = await transaction.query(
      `SELECT id, name FROM categories WHERE lower(name) = ANY($1::text[])`,
      [brands.map((brand) => brand.name.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  }

  private async get(id: string): Promise<StoredCategory> {
    const [row]: CategoryRow[] = await this.dataSource.query(`${CATEGORIES_WITH_IMAGES} WHERE c.id = $1`, [id]);
    if (!row) throw new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound');
    return toCategory(row);
  }

  private lockCategory(transaction: EntityManager, id: string): Promise<CategoryEntity> {
    return lockedRow(transaction, CategoryEntity, { id }, 'categoryNotFound');
  }

  /** A series belongs to another brand that is no series itself, and has no series of its own. */
  private async checkParent(transaction: EntityManager, id: string | null, parent: string | null): Promise<void> {
    if (!parent) return;
    const [maker]: { parent_id: string | null }[] = await transaction.query(`SELECT parent_id FROM categories WHERE id = $1 FOR SHARE`, [parent]);
    const [{ series }]: { series: number }[] = id ? await transaction.query(`SELECT count(*)::int AS series FROM categories WHERE parent_id = $1`, [id]) : [{ series: 0 }];
    if (!maker || maker.parent_id !== null || parent === id || series > 0) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'categoryParentInvalid', {}, { parent: 'categoryParentInvalid' });
    }
  }

  private async attachImage(transaction: EntityManager, imageId: string | null): Promise<void> {
    if (imageId && (await this.images.markAttached(transaction, [imageId], 'category')) === 0) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'categoryImageNotFound', {}, { image: 'categoryImageNotFound' });
    }
  }

  private async discardFiles(image: Image | null): Promise<void> {
    if (image) await this.images.discardFiles(image);
  }

  /** Runs a change in a transaction; a name another category has is a 409, not a 500. */
  private async saving<T>(change: (transaction: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(change);
    } catch (error) {
      if (violates(error, UNIQUE_VIOLATION, 'categories_name_key')) {
        throw new AppException(HttpStatus.CONFLICT, 'categoryNameTaken', {}, { name: 'categoryNameTaken' });
      }
      throw error;
    }
  }

  private columnsOf(body: CategoryBody): Partial<CategoryEntity> {
    return { name: body.name, color: body.color, number: body.number, description: body.description, imageId: body.image, parentId: body.parent };
  }
}

function toCategory(row: CategoryRow): StoredCategory {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    number: row.number,
    parent: row.parent_id,
    image: row.image_id && row.image_location ? { _id: row.image_id, location: row.image_location } : null,
  };
}

function inUse({ listings, onSale, devices }: CategoryUsage): AppException {
  return new AppException(HttpStatus.CONFLICT, 'categoryInUse', { listings, onSale, devices });
}
