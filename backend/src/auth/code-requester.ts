import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../config/config.schema';

/**
 * The browser that asked for an SMS code: a random value in an httpOnly cookie, set by the first
 * code request (registration, password reset). A code answers only the browser it was sent for,
 * so a stranger who asks for a code for someone's number can neither replace the owner's pending
 * registration nor burn the owner's code with wrong guesses (issue 32).
 */
const CODE_REQUESTER_COOKIE = 'code_requester';

function cookieOptions(config: Pick<Config, 'NODE_ENV'>): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: config.NODE_ENV === 'production', path: '/api/auth', maxAge: 24 * 3600 * 1000 };
}

export function codeRequesterOf(request: Request): string | undefined {
  const value: unknown = request.cookies?.[CODE_REQUESTER_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** The browser's code-requester value, set now when it has none. */
export function codeRequesterFor(request: Request, response: Response, config: Pick<Config, 'NODE_ENV'>): string {
  const requester = codeRequesterOf(request) ?? randomBytes(32).toString('base64url');
  response.cookie(CODE_REQUESTER_COOKIE, requester, cookieOptions(config));
  return requester;
}
