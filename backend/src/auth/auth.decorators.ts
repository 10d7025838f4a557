import { applyDecorators, createParamDecorator, HttpStatus, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { UserRole } from '@market/contracts';
import { AppException } from '../common/app.exception';

/** Who sent the request, as the session guard resolved it from the `session` cookie. */
export interface SessionUser {
  id: string;
  role: UserRole;
}

/** What a route requires; the global SessionGuard enforces it. Public routes carry no marker. */
export type AccessRequirement = 'signedIn' | 'admin';
export const ACCESS_REQUIREMENT = 'access-requirement';

/** The request as the guard leaves it: `sessionUser` is set when the cookie names a live session. */
export interface RequestWithSession {
  sessionUser?: SessionUser;
}

/** Requires a valid session: otherwise 401 `unauthorized`. On a controller or a handler. */
export function SignedIn(): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(ACCESS_REQUIREMENT, 'signedIn' satisfies AccessRequirement), ApiCookieAuth('session'));
}

/** Requires an admin's session: 401 `unauthorized` when signed out, 403 `forbidden` for other users. */
export function AdminOnly(): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(ACCESS_REQUIREMENT, 'admin' satisfies AccessRequirement), ApiCookieAuth('session'));
}

/** The signed-in user of a `@SignedIn()` / `@AdminOnly()` route. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<RequestWithSession>().sessionUser;
  // Only reachable when a route forgot @SignedIn(): refuse rather than run without a user.
  if (!user) throw new AppException(HttpStatus.UNAUTHORIZED, 'unauthorized');
  return user;
});

/** The signed-in user on a public route, or undefined for a visitor (e.g. authors see their own hidden listings). */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser | undefined =>
    context.switchToHttp().getRequest<RequestWithSession>().sessionUser,
);
