import { HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppException } from './app.exception';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request that a browser
 * sends from another site is refused. Requests without an Origin (curl, servers) pass.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (request: Request, _response: Response, next: NextFunction): void => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || !origin || allowed.has(origin)) return next();
    next(new AppException(HttpStatus.FORBIDDEN, 'foreignOrigin'));
  };
}
