import { rm } from 'node:fs/promises';
import Redis from 'ioredis';
import { dropTestDatabase } from '../../test/support/database';
import { E2eListings } from './listings';

export default async function globalTeardown(): Promise<void> {
  await Promise.all(
    (globalThis.e2eProcesses ?? []).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await globalThis.e2eFakes?.close();
  await E2eListings.removePhotoFiles();
  if (process.env.E2E_FRONTEND_DIST) await rm(process.env.E2E_FRONTEND_DIST, { recursive: true, force: true });
  await dropTestDatabase(process.env.E2E_DATABASE_NAME!);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${process.env.E2E_QUEUE_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
