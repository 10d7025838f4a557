import type { CookieOptions, Response } from 'express';
import type { Config } from '../config/config.schema';

export const SESSION_COOKIE = 'session';

function cookieOptions(config: Pick<Config, 'NODE_ENV'>): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.NODE_ENV === 'production', path: '/' };
}

export function setSessionCookie(response: Response, config: Pick<Config, 'NODE_ENV'>, token: string, expiresAt: Date): void {
  response.cookie(SESSION_COOKIE, token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearSessionCookie(response: Response, config: Pick<Config, 'NODE_ENV'>): void {
  response.clearCookie(SESSION_COOKIE, cookieOptions(config));
}
