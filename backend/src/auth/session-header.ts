import type { IncomingMessage } from 'node:http';
import { SESSION_HEADER } from '@market/contracts';
import type { SessionCarrier } from './session.service';
import { sessionTokenOf } from './session-cookie';

const BEARER = /^Bearer ([A-Za-z0-9_-]+)$/;

/** The Mini App's session token, from `Authorization: Bearer <token>`. */
export function headerSessionTokenOf(request: IncomingMessage): string | undefined {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' ? BEARER.exec(value)?.[1] : undefined;
}

/** The session a request presents: the header's when it carries one (the Mini App), else the cookie's. */
export function presentedSession(request: IncomingMessage): { token: string; carrier: SessionCarrier } | undefined {
  const headerToken = headerSessionTokenOf(request);
  if (headerToken) return { token: headerToken, carrier: 'header' };
  const cookieToken = sessionTokenOf(request);
  return cookieToken ? { token: cookieToken, carrier: 'cookie' } : undefined;
}
