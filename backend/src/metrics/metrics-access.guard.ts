import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { RequestWithSession } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';

/** Whether `Authorization: Bearer <token>` carries `expected`, compared in constant time. */
export function carriesBearerToken(authorization: string | undefined, expected: string): boolean {
  if (!expected || !authorization?.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(expected));
}

/**
 * The metrics name queues, payments and traffic: Prometheus reads them with METRICS_TOKEN as a
 * bearer token, an admin with the session (the global SessionGuard has resolved it). 401 for
 * anyone else, 403 for a signed-in user who is not an admin.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & RequestWithSession>();
    if (carriesBearerToken(request.headers.authorization, this.config.METRICS_TOKEN)) return true;
    if (!request.sessionUser) throw new AppException(HttpStatus.UNAUTHORIZED, 'unauthorized');
    if (request.sessionUser.role !== 'admin') throw new AppException(HttpStatus.FORBIDDEN, 'forbidden');
    return true;
  }
}
