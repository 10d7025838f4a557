// What both parts of bench:fanout (channel posts, buyers' alerts) share: the processes' settings, signed-in users made in the
// database, approvals through the moderation API, the run's queues cleaned away, and the figures' units.
import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { LOOPBACK_ONLY } from '../../test/support/config';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The settings of the API and workers a part starts: its own database and queues, Telegram through the fake, no frontend. */
export function benchEnv(databaseUrl: string, queuePrefix: string, telegramUrl: string) {
  return {
    ...LOOPBACK_ONLY,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    SERVE_FRONTEND: 'false',
    TELEGRAM_API_URL: telegramUrl,
    TELEGRAM_BOT_TOKEN: '4242:BENCH',
  };
}

export const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

export function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] : NaN;
}

/** A signed-in user made straight in the database, as test/support/users.ts does (the cookie holds the token, the table its SHA-256). */
export async function createSession(dataSource: DataSource, phoneNumber: string, role: 'admin' | 'user' = 'user'): Promise<{ id: string; cookie: string }> {
  const [user] = await dataSource.query(`INSERT INTO users (phone_number, role, name, phone_confirmed) VALUES ($1, $2, 'Bench user', true) RETURNING id`, [
    phoneNumber,
    role,
  ]);
  const token = randomBytes(32).toString('base64url');
  await dataSource.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, sha256(convert_to($2, 'UTF8')), now() + interval '1 day')`, [
    user.id,
    token,
  ]);
  return { id: user.id, cookie: `session=${token}` };
}

/** Approves every listing through `POST /api/phone/confirm`, `concurrency` at a time; answers when each approval was answered. */
export async function approveAll(baseUrl: string, cookie: string, listingIds: string[], concurrency: number): Promise<Map<string, number>> {
  const approvedAt = new Map<string, number>();
  const pending = [...listingIds];
  async function approveNext(): Promise<void> {
    for (let id = pending.shift(); id; id = pending.shift()) {
      const response = await fetch(`${baseUrl}/api/phone/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ id }),
      });
      if (!response.ok) throw new Error(`Approving ${id} answered ${response.status}: ${await response.text()}`);
      approvedAt.set(id, Date.now());
    }
  }
  await Promise.all(Array.from({ length: concurrency }, approveNext));
  return approvedAt;
}

/** A run's queues live under a prefix of their own: they go with it. */
export async function deleteQueueKeys(prefix: string): Promise<void> {
  const redis = new IORedis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) {
    if ((keys as string[]).length) await redis.del(...(keys as string[]));
  }
  await redis.quit();
}
