import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface ComposeService {
  environment?: Record<string, string>;
  command?: string[];
  ports?: string[];
}

/** docker-compose.yml as an operator would run it: what it publishes, and with which credentials. */
describe('docker-compose', () => {
  const compose = parse(readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> };
  const { postgres, redis, minio, api } = compose.services;

  it('publishes the stores on 127.0.0.1 only; the API is the one public entry', () => {
    for (const store of [postgres, redis, minio]) {
      for (const port of store.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(api.ports).toEqual(['3000:3000']);
  });

  it('needs passwords from the env file for PostgreSQL, Redis and MinIO, and trusts nobody without one', () => {
    expect(postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(postgres.environment).not.toHaveProperty('POSTGRES_HOST_AUTH_METHOD');
    expect(redis.command?.join(' ')).toMatch(/--requirepass \$\{REDIS_PASSWORD:\?/);
    expect(minio.environment?.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?/);
    expect(api.environment?.DATABASE_URL).toContain(':${POSTGRES_PASSWORD}@');
    expect(api.environment?.REDIS_URL).toContain(':${REDIS_PASSWORD}@');
  });
});
