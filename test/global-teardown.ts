import Redis from 'ioredis';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const admin = new Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${process.env.TEST_DATABASE_NAME} WITH (FORCE)`);
  await admin.end();

  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
