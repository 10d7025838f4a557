import { HttpStatus } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { AppException } from '../common/app.exception';
import { sessionTokenOf } from './session-cookie';
import type { SessionService } from './session.service';

/**
 * Admits only an admin's session to pages that Express serves outside Nest's guards (the queue
 * board, the API docs in production): 401 without a session, 403 for anyone else.
 */
export function adminSessionOnly(sessions: SessionService): RequestHandler {
  return (request, _response, next) => {
    const token = sessionTokenOf(request);
    void (token ? sessions.resolve(token).catch(() => null) : Promise.resolve(null)).then((session) => {
      if (!session) return next(new AppException(HttpStatus.UNAUTHORIZED, 'unauthorized'));
      if (session.user.role !== 'admin') return next(new AppException(HttpStatus.FORBIDDEN, 'forbidden'));
      next();
    });
  };
}
