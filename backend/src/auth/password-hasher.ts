import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ConcurrencyLimit } from '../common/concurrency-limit';

/** scrypt with N=2^15, r=8, p=1 (OWASP's minimum is 2^17 for r=8 p=1 at ~64 MB; 32 MB keeps sign-ins fast on small servers). */
const COST = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's pool (4 threads, shared with file reads): at most two derivations at once,
 * served address by address in turn, so a burst from one client neither takes the pool from
 * everyone else nor queues ahead of another visitor's sign-in. Past 200 waiting: 503.
 */
const DERIVATIONS = new ConcurrencyLimit(2, 200);

function derive(password: string, salt: Buffer, options: ScryptOptions, client: string): Promise<Buffer> {
  return DERIVATIONS.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
    client,
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can be raised later.
 * `client` (the caller's address) is whose turn the derivation waits for.
 */
export async function hashPassword(password: string, client: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, client);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, client: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: COST.maxmem }, client);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checked against when the account does not exist, so a wrong number costs the same time as a wrong password. */
export const UNKNOWN_ACCOUNT_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The password a new account gets by SMS: 8 digits, easy to type from a phone's keypad. */
export function generatePassword(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/** A numeric one-time code of `digits` digits. */
export function generateCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
