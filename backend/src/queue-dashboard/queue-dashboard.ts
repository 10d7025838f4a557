import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { HttpStatus, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Express, NextFunction, Request, Response } from 'express';
import Redis from 'ioredis';
import { QUEUES } from '@market/contracts';
import { AuthModule } from '../auth/auth.module';
import { adminSessionOnly } from '../auth/admin-session';
import { SessionService } from '../auth/session.service';
import { AppException } from '../common/app.exception';
import { sameOriginOnly } from '../common/same-origin.middleware';
import { AppConfig } from '../config/app-config';
import { closeRedis } from '../redis/redis.module';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/** Bull Board renders its page with inline scripts and styles; only this admin page allows them. */
const DASHBOARD_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/**
 * The only changes an admin makes from the board: retrying and cleaning jobs, one or a whole state.
 * Adding a job or editing its data would send any text to any number past every limit (an SMS job),
 * so those, and the board's other controls, are refused.
 */
const DASHBOARD_ACTIONS = /^\/api\/queues\/[^/]+\/(?:retry|clean)\/[^/]+$|^\/api\/queues\/[^/]+\/[^/]+\/(?:retry|clean)$/;

/** The admins' view of every queue: waiting, delayed and failed jobs, with retry and clean buttons. */
@Injectable()
export class QueueDashboard implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queues: Queue[];

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionService,
  ) {
    this.connection = new Redis(config.REDIS_QUEUE_URL, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: this.connection, prefix: config.QUEUE_PREFIX }));
  }

  mount(app: Express): void {
    const board = new ExpressAdapter();
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({ queues: this.queues.map((queue) => new BullMQAdapter(queue)), serverAdapter: board });
    app.use(
      QUEUE_DASHBOARD_PATH,
      sameOriginOnly(this.config),
      adminSessionOnly(this.sessions),
      (_request, response, next) => {
        response.setHeader('Content-Security-Policy', DASHBOARD_CSP);
        next();
      },
      retryAndCleanOnly,
      board.getRouter(),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    await closeRedis(this.connection);
  }
}

function retryAndCleanOnly(request: Request, _response: Response, next: NextFunction): void {
  if (request.method === 'GET' || DASHBOARD_ACTIONS.test(request.path)) return next();
  next(new AppException(HttpStatus.FORBIDDEN, 'forbidden'));
}

@Module({ imports: [AuthModule], providers: [QueueDashboard], exports: [QueueDashboard] })
export class QueueDashboardModule {}
