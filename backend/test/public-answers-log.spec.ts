import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { listingsApp } from './listings-support';

/** Every line the application's pino loggers write during this file. */
const mockLogLines: string[] = [];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see pino-capture.ts
jest.mock('pino', () => require('./pino-capture').capturingPino((line: string) => mockLogLines.push(line)));

describe('the request log of public answers replayed before Express', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await listingsApp({ PUBLIC_CACHE_TTL_MS: '60000', LOG_LEVEL: 'info' });
  });
  afterAll(() => app.close());

  it('names every request of a public page, the replayed ones too, without its query string', async () => {
    for (let visit = 0; visit < 3; visit++) await request(app.getHttpServer()).get('/api/phone?page=1&region=navoiy').expect(200);

    const completed = mockLogLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request completed' && entry.req?.path === '/api/phone');
    expect(completed).toHaveLength(3);
    expect(completed.filter((entry) => entry.replayed === true)).toHaveLength(2);
    for (const entry of completed) {
      expect(entry).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
      expect(JSON.stringify(entry)).not.toContain('navoiy');
    }
  });
});
