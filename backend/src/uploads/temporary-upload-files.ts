import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { StorageEngine } from 'multer';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Multer's storage for uploads: each file is streamed to a file of its own in a directory of
 * this process, never held in memory (eight clients sending eight 15 MB photos each would hold
 * about 1 GB). sharp reads the file by its path; the interceptor deletes the files once the
 * request is answered, multer those of a request it refuses, and the directory goes when the
 * API stops.
 */
@Injectable()
export class TemporaryUploadFiles implements StorageEngine, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TemporaryUploadFiles.name);
  directory = '';

  async onModuleInit(): Promise<void> {
    this.directory = await mkdtemp(join(tmpdir(), 'upload-files-'));
  }

  /** Once the server has closed: an upload still under way when the drain ended writes here until it is answered. */
  async onApplicationShutdown(): Promise<void> {
    await rm(this.directory, { recursive: true, force: true });
  }

  _handleFile(_request: unknown, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    // Set before the first byte is written: multer deletes the file by it when the request fails meanwhile.
    file.path = join(this.directory, randomUUID());
    const output = createWriteStream(file.path);
    pipeline(file.stream, output).then(
      () => callback(null, { path: file.path, size: output.bytesWritten }),
      (error: unknown) => callback(error),
    );
  }

  _removeFile(_request: unknown, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    rm(file.path, { force: true }).then(() => callback(null), callback);
  }

  /** Deletes the files of an answered request; one that cannot be deleted is logged (the directory goes at shutdown). */
  async discard(files: readonly Express.Multer.File[]): Promise<void> {
    for (const file of files) {
      await rm(file.path, { force: true }).catch((error: Error) => this.logger.warn(`Could not delete upload ${file.path}: ${error.message}`));
    }
  }
}
