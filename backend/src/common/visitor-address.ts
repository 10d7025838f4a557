import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Proxies whose X-Forwarded-For is believed: a reverse proxy on the same machine (Express's `trust proxy`). */
export const TRUSTED_PROXIES = 'loopback';

const isTrusted = proxyAddr.compile(TRUSTED_PROXIES);

/** The visitor's address as Express's `req.ip` gives it, for requests answered before Express runs. */
export function visitorAddress(request: IncomingMessage): string {
  return proxyAddr(request, isTrusted);
}
