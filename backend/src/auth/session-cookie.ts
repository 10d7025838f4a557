import cookieParser from 'cookie-parser';
import type { CookieOptions, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/config.schema';

export const SESSION_COOKIE = 'session';

/**
 * The app's one cookie parser: Express's middleware, and the public answers' replay, which runs
 * before Express. Both must read a Cookie header alike (it trims names: `session =T` is a session).
 */
export const parseCookies = cookieParser();

type RequestWithCookies = IncomingMessage & { cookies?: Record<string, unknown> };

function cookiesOf(request: RequestWithCookies): Record<string, unknown> {
  // cookie-parser is synchronous and keeps its result on the request, where Express's copy finds it.
  if (!request.cookies) parseCookies(request as Request, undefined as unknown as Response, () => undefined);
  return request.cookies!;
}

/** The session token a request carries, if it is a non-empty string. */
export function sessionTokenOf(request: RequestWithCookies): string | undefined {
  const token = cookiesOf(request)[SESSION_COOKIE];
  return typeof token === 'string' && token ? token : undefined;
}

/** Whether the request carries a cookie named `session` at all, whatever its value: such a visitor is not anonymous. */
export function carriesSessionCookie(request: RequestWithCookies): boolean {
  return SESSION_COOKIE in cookiesOf(request);
}

function cookieOptions(config: Pick<Config, 'NODE_ENV'>): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.NODE_ENV === 'production', path: '/' };
}

export function setSessionCookie(response: Response, config: Pick<Config, 'NODE_ENV'>, token: string, expiresAt: Date): void {
  response.cookie(SESSION_COOKIE, token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearSessionCookie(response: Response, config: Pick<Config, 'NODE_ENV'>): void {
  response.clearCookie(SESSION_COOKIE, cookieOptions(config));
}
