import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/config.schema';

interface ComposeService {
  image?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const DEPLOY = join(__dirname, '../../deploy');

/** deploy/compose.scale-out.yml as an operator would start it (docs/scale-out.md). */
describe('the scaled-out compose file', () => {
  const { services } = parse(readFileSync(join(DEPLOY, 'compose.scale-out.yml'), 'utf8')) as { services: Record<string, ComposeService> };
  const apps = ['api1', 'api2', 'workers1', 'workers2'];
  /** A compose variable's value as .env would give it: any word for a password or key. */
  const substituted = (environment: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_match, variable: string, fallback?: string) =>
          fallback ?? (/KEY$/.test(variable) ? 'A'.repeat(43) + '=' : 'secret'),
        ),
      ]),
    );

  it('runs HAProxy before two API and two worker services, a primary and its replica, two Redis and MinIO', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['haproxy', ...apps, 'postgres-primary', 'postgres-replica', 'redis-queues', 'redis-cache', 'minio']),
    );
    expect(services.haproxy.volumes).toContain('./haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect([services.haproxy.environment?.API_1, services.haproxy.environment?.API_2]).toEqual(['api1:3000', 'api2:3000']);
  });

  it('checks the health of every service HAProxy or another service waits for', () => {
    for (const name of [...apps, 'postgres-primary', 'postgres-replica', 'redis-queues', 'redis-cache', 'minio']) {
      expect(services[name].healthcheck?.test.length).toBeGreaterThan(0);
    }
    expect(services.api1.healthcheck?.test.join(' ')).toContain('/api/health/ready');
    expect(services.workers1.healthcheck?.test.join(' ')).toContain('/health/ready');
    // The replica is healthy when it streams, so the API nodes start with a replica that has the primary's data.
    expect(services['postgres-replica'].healthcheck?.test.join(' ')).toMatch(/pg_stat_wal_receiver.*streaming/);
    expect(services.api1.depends_on?.['postgres-replica']).toEqual({ condition: 'service_healthy' });
  });

  it('streams the replica from the primary and sends anonymous reads there, queues and caches to their own Redis', () => {
    expect(services['postgres-primary'].command).toEqual(expect.arrayContaining(['wal_level=replica', 'wal_keep_size=1GB']));
    const replicaStart = services['postgres-replica'].entrypoint!.join(' ');
    expect(replicaStart).toMatch(/pg_basebackup -h postgres-primary -U replicator .*-R/);
    expect(readFileSync(join(DEPLOY, 'postgres/replication-role.sh'), 'utf8')).toContain('host replication replicator');
    expect(services['redis-queues'].command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
    expect(services['redis-cache'].command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'allkeys-lru']));
    for (const name of apps) {
      const config = loadConfig(substituted(services[name].environment!));
      expect(new URL(config.DATABASE_URL).hostname).toBe('postgres-primary');
      expect(config.DATABASE_REPLICA_URLS.map((url) => new URL(url).hostname)).toEqual(['postgres-replica']);
      expect([new URL(config.REDIS_QUEUE_URL).hostname, new URL(config.REDIS_CACHE_URL).hostname]).toEqual(['redis-queues', 'redis-cache']);
      expect(config.SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(2_000);
    }
  });

  it('gives HAProxy every address its configuration reads', () => {
    const read = [...readFileSync(join(DEPLOY, 'haproxy/haproxy.cfg'), 'utf8').matchAll(/"\$\{(\w+)/g)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(0);
    expect(Object.keys(services.haproxy.environment!).sort()).toEqual([...new Set(read)].sort());
  });
});
