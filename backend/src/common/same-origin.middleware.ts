import { HttpStatus } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config.schema';
import { AppException } from './app.exception';
import { carriesSessionCookie } from '../auth/session-cookie';
import { headerSessionTokenOf } from '../auth/session-header';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the browser says a state-changing request comes from a page of this site, judged as Go's
 * CrossOriginProtection judges it: an origin configured as allowed passes; otherwise
 * `Sec-Fetch-Site` decides where the browser sends it (same-origin, or none: typed by the user);
 * otherwise an `Origin` whose host is the request's own `Host`. A request with neither header is
 * not from a browser (curl, servers) or from a browser too old to be tricked cross-site by
 * SameSite=Lax cookies, and passes. No configured address is needed, so the site works on any
 * port, at 127.0.0.1 and from a phone on the LAN.
 */
function isSameOriginRequest(request: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  return SAFE_METHODS.has(request.method!) || carriesOnlyHeaderSession(request) || comesFromThisSite(request, allowedOrigins);
}

/**
 * The Mini App's requests carry their session in a header, not a cookie. CSRF rides on what a
 * browser attaches by itself; a header it never does: another site's form cannot set one, and its
 * fetch() could only with a CORS preflight this API does not grant. Such a request acts only as
 * the token its own page knew, so wherever it comes from (Telegram's webviews differ in what
 * Origin and Sec-Fetch-Site they send) it passes. With a session cookie beside it, the cookie
 * could be the ambient credential, and the usual check applies.
 */
function carriesOnlyHeaderSession(request: IncomingMessage): boolean {
  return headerSessionTokenOf(request) !== undefined && !carriesSessionCookie(request);
}

/** The headers' part of isSameOriginRequest, for a request that acts whatever its method (a socket's handshake). */
export function comesFromThisSite(request: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin && allowedOrigins.has(origin)) return true;
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The origins allowed besides the site's own. */
export function allowedOrigins(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>): ReadonlySet<string> {
  return new Set([config.PUBLIC_URL, ...config.CORS_ORIGINS].map((origin) => new URL(origin).origin));
}

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request that a browser sends from
 * another site is refused. PUBLIC_URL and CORS_ORIGINS only add origins allowed besides the site's own.
 */
export function sameOriginOnly(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>) {
  const allowed = allowedOrigins(config);
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (isSameOriginRequest(request, allowed)) return next();
    next(new AppException(HttpStatus.FORBIDDEN, 'foreignOrigin'));
  };
}
