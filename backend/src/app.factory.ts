import type { Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { adminSessionOnly } from './auth/admin-session';
import { parseCookies } from './auth/session-cookie';
import { SessionService } from './auth/session.service';
import { ErrorFilter } from './common/error.filter';
import { answerMalformedRequests } from './common/malformed-requests';
import { documentContracts } from './common/openapi';
import { PublicAnswerCache } from './common/public-answer-cache';
import { ListingSharePages } from './browse/listing-share-pages';
import { timeRequests } from './metrics/request-timing';
import { cardCheckoutOrigins } from './payments/payments.module';
import { QueueDashboard } from './queue-dashboard/queue-dashboard';
import type { Config } from './config/config.schema';
import { serveFrontend } from './spa/serve-frontend';
import { miniAppFraming } from './spa/mini-app-framing';
import { MINI_APP_PATH } from '@market/contracts';

export const API_PREFIX = 'api';

/**
 * How long an idle keep-alive connection stays open: longer than a load balancer (HAProxy's
 * `timeout http-keep-alive`, deploy/haproxy) or a browser may wait before reusing it. With Node's
 * 5 s a request sent on a connection the API was just closing failed (ECONNRESET), and a browser
 * may send such a POST again.
 */
const IDLE_CONNECTION_MS = 65_000;

function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node wants the headers' deadline past the idle one, or an idle connection's next request can be cut off.
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}

/** Builds the HTTP application; `main.ts` and the tests share it so tests run what production runs. */
export async function createApp(config: Config): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  answerMalformedRequests(app.getHttpServer());
  keepIdleConnections(app.getHttpServer());
  const publicAnswers = app.get(PublicAnswerCache);
  if (publicAnswers.enabled) publicAnswers.answerFirst(app.getHttpServer());
  app.enableShutdownHooks();
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(timeRequests);
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: config.BODY_LIMIT, extended: false });
  app.use(parseCookies);
  const directives = {
    'img-src': ["'self'", 'data:', 'blob:', ...config.IMAGE_HOSTS],
    'connect-src': ["'self'", ...cardCheckoutOrigins(config)],
  };
  app.use(helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false }));
  app.use(MINI_APP_PATH, miniAppFraming(directives));
  if (config.CORS_ORIGINS.length) app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
  app.get(QueueDashboard).mount(app.getHttpAdapter().getInstance());
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ErrorFilter());

  const openApi = new DocumentBuilder()
    .setTitle('Telefon bozor API')
    .setDescription('Used phone marketplace: listings, accounts, moderation, payments')
    .setVersion('1')
    .addCookieAuth('session')
    .build();
  // The docs map every route and what it checks: in production, for admins only.
  if (config.NODE_ENV === 'production') {
    app.use([`/${API_PREFIX}/docs`, `/${API_PREFIX}/docs-json`, `/${API_PREFIX}/docs-yaml`], adminSessionOnly(app.get(SessionService)));
  }
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => documentContracts(app, API_PREFIX, SwaggerModule.createDocument(app, openApi)));

  const servesFrontend = config.SERVE_FRONTEND ? config.SERVE_FRONTEND === 'true' : config.NODE_ENV === 'production';
  if (servesFrontend) {
    serveFrontend(app.getHttpAdapter().getInstance(), config.FRONTEND_DIST, app.get(ListingSharePages).frontendOptions());
  }
  return app;
}
