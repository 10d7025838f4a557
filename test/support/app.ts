import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Config } from '../../backend/src/config/config.schema';
import { createApp } from '../../backend/src/app.factory';
import { testConfig } from './config';

/** The API on the test config (with `overrides`), initialised and on no port. */
export async function startedApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<INestApplication> {
  const app = await createApp(testConfig(overrides));
  await app.init();
  return app;
}

/** A test file's application: its database and an HTTP client on it. */
export interface TestApp {
  readonly app: INestApplication;
  readonly dataSource: DataSource;
  http(): ReturnType<typeof request>;
}

/**
 * Starts the application `start` makes before this file's tests and closes it after them. Its
 * parts are read inside the tests (or a later beforeAll), once it has started.
 */
export function appForThisFile(start: () => Promise<INestApplication> = () => startedApp()): TestApp {
  let started: INestApplication | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  const app = () => {
    if (!started) throw new Error('The application starts before the tests: read it inside one');
    return started;
  };
  return {
    get app() {
      return app();
    },
    get dataSource() {
      return app().get(DataSource);
    },
    http: () => request(app().getHttpServer()),
  };
}
