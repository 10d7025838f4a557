import Redis from 'ioredis';
import { dropTestDatabase, workerDatabaseName } from './support/database';

export default async function globalTeardown(): Promise<void> {
  for (let worker = 1; worker <= Number(process.env.TEST_WORKERS); worker++) await dropTestDatabase(workerDatabaseName(worker));
  await dropTestDatabase(process.env.TEST_DATABASE_NAME!);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
