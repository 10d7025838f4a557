import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
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

/** The eight 16-bit groups of an IPv6 address, as written in full. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const written = [...groups(head), ...(tail === undefined ? [] : groups(tail))];
  const missing = tail === undefined ? [] : Array.from({ length: 8 - written.length }, () => '0');
  return [...groups(head), ...missing, ...groups(tail)].map((group) => group.toLowerCase());
}

/**
 * Who a visitor is to the per-address limits and view counts: an IPv4 address, or the /48 of an
 * IPv6 one, a site's allocation: counting single addresses would give anyone 2^64 fresh tries, and
 * /64s 65,536 (a tunnel broker gives anyone a /48 for free). Many subscribers of one carrier may share
 * a /48, as they share an IPv4 address behind its NAT; the limits are sized for that. An IPv4 address
 * in IPv6 form (::ffff:a.b.c.d) counts as itself.
 */
export function visitorKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
}

/** The visitor's key under the configured trust, for requests answered before Express runs. */
export function visitorAddress(request: IncomingMessage, trust: ProxyTrust): string {
  return visitorKey(proxyAddr(request, trust));
}

/** The visitor's key (see visitorKey) from Express's `req.ip`, which follows TRUST_PROXY. */
export const VisitorAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  visitorKey(context.switchToHttp().getRequest<Request>().ip ?? ''),
);
