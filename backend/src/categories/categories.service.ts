import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, QueryFailedError, type EntityManager } from 'typeorm';
import type { Category, CategoryBody, ImageRef } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { Image } from '../uploads/image.entity';
import { CategoryEntity } from './category.entity';
import { CategoryUsage } from './category-usage';

/** A brand the catalogue seed needs; created once with these defaults, then owned by the admins. */
export interface BrandDefaults {
  name: string;
  color: string;
  number: number;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function violates(error: unknown, code: string, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === code && (!constraint || driverError.constraint === constraint);
}

@Injectable()
export class CategoriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly usage: CategoryUsage,
  ) {}

  /** Every category in page order with its image and counts (`GET /api/category`). */
  async list(): Promise<Category[]> {
    const [categories, counts] = await Promise.all([
      this.dataSource.getRepository(CategoryEntity).find({ order: { number: 'ASC', name: 'ASC' } }),
      this.usage.perCategory(),
    ]);
    const images = await this.imageRefs(categories.map((category) => category.imageId));
    return categories.map((category) =>
      this.toCategory(category, images, {
        listings: counts.activeListings.get(category.id) ?? 0,
        devices: counts.devices.get(category.id) ?? 0,
      }),
    );
  }

  async create(body: CategoryBody): Promise<Category> {
    await this.requireImage(body.image);
    const id = await this.saving(async () => {
      const { identifiers } = await this.dataSource.getRepository(CategoryEntity).insert(this.columnsOf(body));
      return identifiers[0].id as string;
    });
    return this.get(id);
  }

  async update(id: string, body: CategoryBody): Promise<Category> {
    await this.requireImage(body.image);
    const { affected } = await this.saving(() => this.dataSource.getRepository(CategoryEntity).update(id, this.columnsOf(body)));
    if (!affected) throw new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound');
    return this.get(id);
  }

  /** Refused while devices or listings belong to the category: they would lose their brand. */
  async remove(id: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (transaction) => {
        // The row lock makes a device or listing added meanwhile wait, then fail its foreign key.
        const category = await transaction
          .getRepository(CategoryEntity)
          .createQueryBuilder('category')
          .where('category.id = :id', { id })
          .setLock('pessimistic_write')
          .getOne();
        if (!category) throw new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound');
        await this.refuseWhileInUse(id);
        await transaction.delete(CategoryEntity, id);
      });
    } catch (error) {
      if (!violates(error, FOREIGN_KEY_VIOLATION)) throw error;
      await this.refuseWhileInUse(id);
      throw error;
    }
  }

  /** Whether a category exists, for the modules that attach things to one. */
  async exists(id: string, transaction: EntityManager = this.dataSource.manager): Promise<boolean> {
    return transaction.getRepository(CategoryEntity).exists({ where: { id } });
  }

  /**
   * The ids of the brands by lower-cased name, creating the missing ones with their defaults.
   * Existing brands are left as the admins edited them, so running it again changes nothing.
   */
  async ensureBrands(brands: readonly BrandDefaults[], transaction: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    if (brands.length === 0) return new Map();
    await transaction.query(
      `INSERT INTO categories (name, color, number)
       SELECT name, color, number FROM jsonb_to_recordset($1::jsonb) AS brand(name text, color text, number int)
       ON CONFLICT ((lower(name))) DO NOTHING`,
      [JSON.stringify(brands)],
    );
    const rows: { id: string; name: string }[] = await transaction.query(
      `SELECT id, name FROM categories WHERE lower(name) = ANY($1::text[])`,
      [brands.map((brand) => brand.name.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  }

  private async get(id: string): Promise<Category> {
    const category = await this.dataSource.getRepository(CategoryEntity).findOneBy({ id });
    if (!category) throw new AppException(HttpStatus.NOT_FOUND, 'categoryNotFound');
    const [images, counts] = await Promise.all([this.imageRefs([category.imageId]), this.countsOf(id)]);
    return this.toCategory(category, images, counts);
  }

  private async countsOf(id: string): Promise<{ listings: number; devices: number }> {
    const counts = await this.usage.perCategory();
    return { listings: counts.activeListings.get(id) ?? 0, devices: counts.devices.get(id) ?? 0 };
  }

  private async refuseWhileInUse(id: string): Promise<void> {
    const { listings, devices } = await this.usage.ofCategory(id);
    if (listings > 0 || devices > 0) throw new AppException(HttpStatus.CONFLICT, 'categoryInUse', { listings, devices });
  }

  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (violates(error, UNIQUE_VIOLATION, 'categories_name_key')) {
        throw new AppException(HttpStatus.CONFLICT, 'categoryNameTaken', {}, { name: 'categoryNameTaken' });
      }
      throw error;
    }
  }

  private async imageRefs(ids: readonly (string | null)[]): Promise<Map<string, ImageRef>> {
    const wanted = ids.filter((id): id is string => id !== null);
    if (wanted.length === 0) return new Map();
    const images = await this.dataSource.getRepository(Image).find({ where: { id: In(wanted) }, select: { id: true, location: true } });
    return new Map(images.map((image) => [image.id, { _id: image.id, location: image.location }]));
  }

  private async requireImage(id: string | null): Promise<void> {
    if (id && !(await this.dataSource.getRepository(Image).exists({ where: { id } }))) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'categoryImageNotFound', {}, { image: 'categoryImageNotFound' });
    }
  }

  private columnsOf(body: CategoryBody): Partial<CategoryEntity> {
    return { name: body.name, color: body.color, number: body.number, description: body.description, imageId: body.image };
  }

  private toCategory(
    category: CategoryEntity,
    images: ReadonlyMap<string, ImageRef>,
    counts: { listings: number; devices: number },
  ): Category {
    return {
      _id: category.id,
      name: category.name,
      color: category.color,
      description: category.description,
      number: category.number,
      image: (category.imageId && images.get(category.imageId)) || null,
      PhonesCount: counts.listings,
      devicesCount: counts.devices,
    };
  }
}
