import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Whether the peer at `hop` (0 = the socket's) is a proxy whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY's setting as a trust function, for Express's `trust proxy` and for requests
 * answered before Express runs. Empty trusts nobody; a number trusts that many hops; otherwise
 * proxy-addr's names and ranges. `true` (believe anyone) is refused: any client could then
 * choose its own address and reset every per-address limit.
 */
export function proxyTrust(setting: string): ProxyTrust {
  const value = setting.trim();
  if (!value || value === 'false') return () => false;
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  if (value === 'true') throw new Error('name the proxies (addresses, ranges, loopback) or a hop count, not true');
  return proxyAddr.compile(value.split(',').map((part) => part.trim()));
}

/** The visitor's address under the configured trust: what limits, view counts and Express's `req.ip` use. */
export function visitorAddress(request: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(request, trust);
}
