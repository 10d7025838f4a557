import type { S3Client } from '@aws-sdk/client-s3';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config/config.schema';

/** Where image files live. Keys are relative paths such as `avatars/<uuid>.webp`. */
export abstract class ImageStorage {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes (the workers hash listing photos). */
  abstract read(key: string): Promise<Buffer>;
  /** Deleting a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
  /** The full public URL a browser loads the key from. */
  abstract locationOf(key: string): string;
}

/** The default driver: files under STORAGE_DIR, served by the API under /uploads. */
export class LocalDiskImageStorage extends ImageStorage {
  readonly directory: string;

  constructor(directory: string, private readonly publicUrl: string) {
    super();
    this.directory = resolve(directory);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  locationOf(key: string): string {
    return new URL(`/uploads/${key}`, this.publicUrl).toString();
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.directory, key));
    // Keys are made by our services; this only guards against a future bug writing outside the directory.
    if (!path.startsWith(this.directory + sep)) throw new Error(`Storage key outside the storage directory: ${key}`);
    return path;
  }
}

export class S3ImageStorage extends ImageStorage {
  /**
   * The SDK is loaded only by deployments that store in S3: it is about 7 MB of every process's
   * live heap once loaded, and V8 sizes the heap of a busy API to a multiple of that live heap.
   */
  private readonly sdk = import('@aws-sdk/client-s3');
  private readonly client: Promise<S3Client>;

  constructor(private readonly config: S3Settings) {
    super();
    this.client = this.sdk.then(
      ({ S3Client }) =>
        new S3Client({
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          // MinIO and most S3-compatible services address buckets by path, not by sub-domain.
          forcePathStyle: true,
          credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
        }),
    );
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { PutObjectCommand } = await this.sdk;
    await (await this.client).send(
      new PutObjectCommand({
        Bucket: this.config.S3_BUCKET,
        Key: key,
        Body: body,
        ContentType: contentType,
        // Keys are never reused (a new upload gets a new key), so objects may be cached forever.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    const { GetObjectCommand } = await this.sdk;
    const answer = await (await this.client).send(new GetObjectCommand({ Bucket: this.config.S3_BUCKET, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = await this.sdk;
    await (await this.client).send(new DeleteObjectCommand({ Bucket: this.config.S3_BUCKET, Key: key }));
  }

  locationOf(key: string): string {
    return `${this.config.S3_PUBLIC_URL.replace(/\/+$/, '')}/${key}`;
  }
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;
type S3Settings = Pick<Config, (typeof S3_SETTINGS)[number]>;

/** S3 when S3_BUCKET is set (then every S3_* variable is required), the local disk otherwise. */
export function createImageStorage(config: Config): ImageStorage {
  if (!config.S3_BUCKET) return new LocalDiskImageStorage(config.STORAGE_DIR, config.PUBLIC_URL);
  const missing = S3_SETTINGS.filter((name) => !config[name]);
  if (missing.length) throw new Error(`S3_BUCKET is set, so these must be set too: ${missing.join(', ')}`);
  return new S3ImageStorage(config);
}
