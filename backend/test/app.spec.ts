import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startedApp } from '../../test/support/app';
import { createSignedInUser } from '../../test/support/users';

describe('HTTP application', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startedApp({ BODY_LIMIT: '1kb' });
  });
  afterAll(() => app.close());

  it('reports PostgreSQL and Redis healthy', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: { cache: 'up', queues: 'up' }, draining: false, outboxAgeSeconds: expect.any(Number), replicas: [] });
  });

  it('answers an address too long for the server (over 16 KB) with a translated 431 envelope', async () => {
    const response = await request(app.getHttpServer()).get(`/api/phone?name=${'a'.repeat(20_000)}`).expect(431);
    expect(response.body).toEqual({
      code: 'payloadTooLarge',
      message: { uz: "So'rov juda katta", ru: 'Слишком большой запрос', en: 'The request is too large' },
    });
  });

  it('answers bytes that are not HTTP with a translated 400 envelope', async () => {
    const server = app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write('HELLO THERE\r\n\r\n'));
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ code: 'validationFailed', message: { en: expect.any(String) } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps an idle connection open longer than the load balancer waits to reuse it (a POST on a closing one failed or went twice)", () => {
    const haproxy = readFileSync(join(__dirname, '../../deploy/haproxy/haproxy.cfg'), 'utf8');
    const reuseSeconds = Number(/^\s*timeout http-keep-alive (\d+)s$/m.exec(haproxy)![1]);
    const server = app.getHttpServer();
    expect(server.keepAliveTimeout).toBeGreaterThan(reuseSeconds * 1000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers an unknown API route with a translated 404 envelope', async () => {
    const response = await request(app.getHttpServer()).get('/api/nowhere').expect(404);
    expect(response.body).toEqual({
      code: 'notFound',
      message: { uz: 'Topilmadi', ru: 'Не найдено', en: 'Not found' },
    });
  });

  it('refuses malformed JSON with a 400 envelope and no stack trace', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"phoneNumber": ')
      .expect(400);
    expect(response.body.code).toBe('validationFailed');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('refuses a body over the configured limit with 413', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/health')
      .send({ text: 'x'.repeat(2048) })
      .expect(413);
    expect(response.body.code).toBe('payloadTooLarge');
  });

  it('refuses a state-changing request sent from another site', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/health')
      .set('Origin', 'https://evil.example')
      .send({})
      .expect(403);
    expect(response.body.message.en).toBe('The request came from another site');
  });

  it('sends security headers', async () => {
    const response = await request(app.getHttpServer()).get('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('publishes OpenAPI docs', async () => {
    await request(app.getHttpServer()).get('/api/docs').expect(200).expect('Content-Type', /html/);
    const spec = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(Object.keys(spec.body.paths)).toContain('/api/health');
  });

  it("documents every route's body, query and answer from the contracts' schemas, and the error envelope", async () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
      parameters?: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    const paths: Record<string, Record<string, Operation>> = (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body.paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(40);
    for (const { path, method, operation } of operations) {
      const answered = Object.entries(operation.responses).filter(([status, answer]) => /^2/.test(status) && answer.content);
      // 204 answers (unlinking Telegram) have no body to describe.
      if (!('204' in operation.responses)) expect({ path, method, answered: answered.length }).toEqual({ path, method, answered: 1 });
      expect(operation.responses.default?.content?.['application/json'].schema.properties).toHaveProperty('code');
      const takesBody = ['post', 'put', 'delete'].includes(method) && !/logout|off-sale|on-sale|uploadImg$|upload$|\/telegram$|\{id\}$|\/favourite$|\/open$|\/read$|\/(un)?block$|\/clear$|\/messages-looked$/.test(path);
      if (takesBody) expect({ path, method, body: Boolean(operation.requestBody) }).toEqual({ path, method, body: true });
    }
    const login = paths['/api/auth/login'].post;
    expect(login.requestBody?.content['application/json'].schema).toMatchObject({ required: ['phoneNumber'], properties: { phoneNumber: { type: 'string' } } });
    expect(login.responses['201'].content?.['application/json'].schema.properties).toHaveProperty('message');
    expect(paths['/api/auth/auth'].post.responses['200'].content?.['application/json'].schema.properties).toHaveProperty('user');
    expect(paths['/api/phone'].get.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page', 'brand', 'region', 'name', 'minPrice', 'maxPrice']));
    expect(paths['/api/phone/{id}'].get.responses['200'].content?.['application/json'].schema.properties).toHaveProperty('images');
  });
});

describe('HTTP application in production mode', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Telefon bozor</title><div id="root"></div>');
    app = await startedApp({ NODE_ENV: 'production', FRONTEND_DIST: dist, PAYMENTS_SANDBOX: 'true' });
  });
  afterAll(() => app.close());

  it('serves index.html for client routes', async () => {
    const response = await request(app.getHttpServer()).get('/profile/settings').expect(200);
    expect(response.text).toContain('<div id="root">');
  });

  it('shows the OpenAPI docs to admins only', async () => {
    const server = app.getHttpServer();
    for (const path of ['/api/docs', '/api/docs-json', '/api/docs-yaml']) {
      expect((await request(server).get(path).expect(401)).body.code).toBe('unauthorized');
      await request(server).get(path).set('Cookie', (await createSignedInUser(app)).cookie).expect(403);
      await request(server).get(path).set('Cookie', (await createSignedInUser(app, { role: 'admin' })).cookie).expect(200);
    }
  });

  it('keeps JSON errors for unknown API routes', async () => {
    const response = await request(app.getHttpServer()).get('/api/unknown').expect(404);
    expect(response.body.code).toBe('notFound');
  });
});
