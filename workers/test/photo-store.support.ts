import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type EntitySchema } from 'typeorm';
import { ImagesService } from '@market/backend';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { Image } from '../../backend/src/uploads/image.entity';
import { LocalDiskImageStorage } from '../../backend/src/uploads/image-storage';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';

/** Stored photos as a photo job finds them: the images table of a database of its own, and their files on a disk. */
export interface PhotoStore {
  dataSource: DataSource;
  storage: LocalDiskImageStorage;
  images: ImagesService;
  /** The user who owns the photos. */
  ownerId: string;
  /** Whether each of the image's files, the photo then its variants, is on the disk. */
  filesOf(image: Image): boolean[];
  hasFile(key: string): boolean;
  close(): Promise<void>;
}

/**
 * A database of the test file's own (the job reads or removes every photo of its table), with
 * `entities` besides Image, one user, and the files on a temporary disk.
 */
export async function startPhotoStore(label: string, entities: Array<EntitySchema | (new () => unknown)> = []): Promise<PhotoStore> {
  const database = await ownTestDatabase(label);
  const dataSource = await new DataSource({ ...dataSourceOptions(testConfig({ DATABASE_URL: database.url })), entities: [Image, ...entities] }).initialize();
  const [{ id: ownerId }] = await dataSource.query(`INSERT INTO users (phone_number) VALUES ('998770000002') RETURNING id`);
  const storage = new LocalDiskImageStorage(mkdtempSync(join(tmpdir(), `${label}-photos-`)), 'http://localhost:3000');
  const hasFile = (key: string) => existsSync(join(storage.directory, key));
  return {
    dataSource,
    storage,
    images: new ImagesService(dataSource, storage),
    ownerId,
    filesOf: (image) => [image.key, ...image.variantKeys].map(hasFile),
    hasFile,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
