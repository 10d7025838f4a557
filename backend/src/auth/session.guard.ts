import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { ACCESS_REQUIREMENT, type AccessRequirement, type RequestWithSession } from './auth.decorators';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { presentedSession } from './session-header';
import { SessionService } from './session.service';

/**
 * Global guard: resolves the session (the `session` cookie, or the Mini App's header) on every
 * route (so public routes can use @OptionalUser()) and enforces @SignedIn() / @AdminOnly().
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithSession>();
    const response = context.switchToHttp().getResponse<Response>();
    const presented = presentedSession(request);
    if (presented) {
      const session = await this.sessions.resolve(presented.token, presented.carrier);
      // A header session's expiry slides on the server alone: the Mini App keeps its token as it is.
      const viaCookie = presented.carrier === 'cookie';
      if (session) {
        request.sessionUser = session.user;
        if (session.renewedUntil && viaCookie) setSessionCookie(response, this.config, presented.token, session.renewedUntil);
      } else if (viaCookie) {
        clearSessionCookie(response, this.config);
      }
    }

    const requirement = this.reflector.getAllAndOverride<AccessRequirement | undefined>(ACCESS_REQUIREMENT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!requirement) return true;
    if (!request.sessionUser) throw new AppException(HttpStatus.UNAUTHORIZED, 'unauthorized');
    if (requirement === 'admin' && request.sessionUser.role !== 'admin') {
      throw new AppException(HttpStatus.FORBIDDEN, 'forbidden');
    }
    return true;
  }
}
