import { Module, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { parse } from 'yaml';
import { ConfigModule, DatabaseModule } from '@market/backend';
import { createApp } from '../../backend/src/app.factory';
import { testConfig } from '../../test/support/config';
import { OperationsServer } from '../src/operations/operations-server';
import { PacingModule } from '../src/pacing/pacing.module';

const DEPLOY = join(__dirname, '../../deploy');
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** Series from elsewhere than our processes: Prometheus' own, and deploy/pgbackrest/backup.sh's (through node_exporter). */
const EXTERNAL_SERIES = ['up', 'pgbackrest_last_backup_timestamp_seconds'];

/** PromQL's operators and modifiers that read like names; functions are told by their parenthesis. */
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

/** The series an expression reads: its names once strings, label matchers, ranges and groupings are taken out. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)].filter(([, name, call]) => !call && !PROMQL_WORDS.has(name)).map(([, name]) => name);
}

/** The sample names a scrape can hold: a histogram's _bucket, _sum and _count, every other series by its name. */
function exportedNames(scrape: string): string[] {
  return [...scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
    type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  );
}

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; description?: string };
}

describe('the monitoring in deploy/: Prometheus rules and the Grafana dashboard', () => {
  const rules = (parse(readFileSync(join(DEPLOY, 'prometheus/alerts.yml'), 'utf8')) as { groups: { rules: AlertRule[] }[] }).groups.flatMap((group) => group.rules);
  const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana/operations-dashboard.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
  const exported = new Set(EXTERNAL_SERIES);
  let api: INestApplication;
  let workers: INestApplicationContext;

  beforeAll(async () => {
    const config = testConfig({ METRICS_TOKEN });
    api = await createApp(config);
    await api.init();
    @Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, PacingModule], providers: [OperationsServer] })
    class WorkersOperationsModule {}
    workers = await NestFactory.createApplicationContext(WorkersOperationsModule, { logger: false });
    await workers.init();
    const workersPort = await workers.get(OperationsServer).listen(0);
    const scrapes = await Promise.all([
      request(api.getHttpServer()).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).then((answer) => answer.text),
      fetch(`http://127.0.0.1:${workersPort}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((answer) => answer.text()),
    ]);
    for (const name of scrapes.flatMap(exportedNames)) exported.add(name);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
  });

  it('alerts on everything issue 42 asks to wake someone for', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['OutboxStuck', 'QueueFailuresRising', 'PaymentsUnresolved', 'ReplicaLagHigh', 'ErrorRateHigh', 'LatencyP99High', 'SmsDeliveryLow', 'BackupTooOld']),
    );
    for (const rule of rules) {
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(page|ticket)$/)]);
      expect([rule.alert, rule.annotations?.summary, rule.annotations?.description]).toEqual([rule.alert, expect.any(String), expect.any(String)]);
    }
  });

  it('reads in every alert and every panel only series our processes or backup.sh export', () => {
    const read = [...rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })), ...dashboard.panels.flatMap((panel) => panel.targets.map(({ expr }) => ({ where: `panel ${panel.title}`, expr })))];
    const unknown = read.flatMap(({ where, expr }) => seriesOf(expr).filter((name) => !exported.has(name)).map((name) => `${where}: ${name}`));
    expect(unknown).toEqual([]);
    expect(read.length).toBeGreaterThan(20);
    expect(readFileSync(join(DEPLOY, 'pgbackrest/backup.sh'), 'utf8')).toContain('pgbackrest_last_backup_timestamp_seconds{');
  });

  it('finds an unknown series (the check itself)', () => {
    expect(seriesOf('sum by (queue) (rate(bullmq_jobs{state="failed"}[5m])) / ignoring(queue) group_left max(outbox_age_typo) > 0 and up == 1')).toEqual([
      'bullmq_jobs',
      'outbox_age_typo',
      'up',
    ]);
  });

  const promtool = (() => {
    try {
      execFileSync('promtool', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  (promtool ? it : it.skip)('passes promtool: the rules load and each fires in its unit test, the scrape configuration loads', () => {
    const check = (...args: string[]) => execFileSync('promtool', args, { cwd: join(DEPLOY, 'prometheus'), encoding: 'utf8' });
    expect(check('check', 'rules', 'alerts.yml')).toContain('SUCCESS');
    expect(check('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
    expect(check('check', 'config', '--syntax-only', 'prometheus.yml')).toContain('SUCCESS');
  });
});
