import { Controller, Get, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { AdminOnly, CurrentUser, OptionalUser, SignedIn, type SessionUser } from '../src/auth/auth.decorators';
import { SessionService } from '../src/auth/session.service';
import { testConfig } from '../../test/support/config';

@Controller('guard-probe')
class ProbeController {
  @Get('public')
  public(@OptionalUser() user: SessionUser | undefined) {
    return { user: user ?? null };
  }

  @SignedIn()
  @Get('signed-in')
  signedIn(@CurrentUser() user: SessionUser) {
    return { user };
  }

  @AdminOnly()
  @Get('admin')
  admin(@CurrentUser() user: SessionUser) {
    return { user };
  }
}

describe('session guard and access decorators', () => {
  let app: INestApplication;
  let sessions: SessionService;
  let dataSource: DataSource;

  async function userWithSession(phoneNumber: string, role: 'admin' | 'user') {
    const [{ id }] = await dataSource.query(`INSERT INTO users (phone_number, role) VALUES ($1, $2) RETURNING id`, [phoneNumber, role]);
    const { token } = await sessions.start(id);
    return { id: id as string, cookie: `session=${token}` };
  }

  beforeAll(async () => {
    // The probe controller is mounted beside the real application's routes.
    const create = NestFactory.create.bind(NestFactory);
    jest.spyOn(NestFactory, 'create').mockImplementation(((module: { controllers?: unknown[] }, options: unknown) => {
      module.controllers = [...(module.controllers ?? []), ProbeController];
      return create(module as never, options as never);
    }) as never);
    app = await createApp(testConfig());
    jest.restoreAllMocks();
    await app.init();
    sessions = app.get(SessionService);
    dataSource = app.get(DataSource);
  });
  afterAll(() => app.close());

  it('lets a visitor reach a public route without a user', async () => {
    const response = await request(app.getHttpServer()).get('/api/guard-probe/public').expect(200);
    expect(response.body).toEqual({ user: null });
  });

  it('gives public routes the signed-in user when there is one', async () => {
    const { id, cookie } = await userWithSession('998900000101', 'user');
    const response = await request(app.getHttpServer()).get('/api/guard-probe/public').set('Cookie', cookie).expect(200);
    expect(response.body).toEqual({ user: { id, role: 'user' } });
  });

  it('refuses a signed-in route to a visitor and to an unknown token with 401', async () => {
    const visitor = await request(app.getHttpServer()).get('/api/guard-probe/signed-in').expect(401);
    expect(visitor.body.code).toBe('unauthorized');
    const forged = await request(app.getHttpServer())
      .get('/api/guard-probe/signed-in')
      .set('Cookie', 'session=forged-token')
      .expect(401);
    expect(forged.body.message.uz).toBe('Tizimga kiring');
  });

  it('refuses an admin route to a regular user with 403 and opens it to an admin', async () => {
    const user = await userWithSession('998900000102', 'user');
    const admin = await userWithSession('998900000103', 'admin');
    await request(app.getHttpServer()).get('/api/guard-probe/admin').expect(401);
    const refused = await request(app.getHttpServer()).get('/api/guard-probe/admin').set('Cookie', user.cookie).expect(403);
    expect(refused.body.code).toBe('forbidden');
    const allowed = await request(app.getHttpServer()).get('/api/guard-probe/admin').set('Cookie', admin.cookie).expect(200);
    expect(allowed.body.user).toEqual({ id: admin.id, role: 'admin' });
  });

  it('refuses an expired session', async () => {
    const { id, cookie } = await userWithSession('998900000104', 'user');
    await dataSource.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    await request(app.getHttpServer()).get('/api/guard-probe/signed-in').set('Cookie', cookie).expect(401);
    // The next sign-in sweeps it away.
    await sessions.start(id);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM sessions WHERE user_id = $1`, [id]);
    expect(count).toBe(1);
  });

  it('extends a session that was last renewed more than a day ago (sliding expiry)', async () => {
    const { id, cookie } = await userWithSession('998900000105', 'user');
    await dataSource.query(`UPDATE sessions SET expires_at = now() + interval '20 days' WHERE user_id = $1`, [id]);
    const response = await request(app.getHttpServer()).get('/api/guard-probe/signed-in').set('Cookie', cookie).expect(200);
    expect(response.headers['set-cookie']?.[0]).toMatch(/^session=.+HttpOnly; SameSite=Lax/);
    const [{ days }] = await dataSource.query(
      `SELECT extract(day FROM expires_at - now())::int AS days FROM sessions WHERE user_id = $1`,
      [id],
    );
    expect(days).toBeGreaterThanOrEqual(29);
  });
});
