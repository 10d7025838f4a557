import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserRole } from '@market/contracts';
import { queryPrepared } from '../database/prepared-statement';
import { accountRole } from '../users/user-reads';
import type { SessionUser } from './auth.decorators';
import { Session } from './session.entity';

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** A session is extended at most once a day, so an active user costs one write a day, not one per request. */
const RENEWAL_INTERVAL_MS = 24 * 3600 * 1000;

/**
 * How a session's token travels: the web app's httpOnly cookie, or the Mini App's header (a
 * Telegram Web iframe gets no cookies of ours). A token is accepted only the way it was issued, so
 * a token that leaked from a page's script never works as the cookie, nor a cookie's as a header.
 */
export type SessionCarrier = 'cookie' | 'header';

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
  /** Set when this request extended the session: the cookie must be sent again with the new expiry. */
  renewedUntil?: Date;
}

const account = accountRole('s.user_id');
/** The live session of a token hash and its user's role: one query on every signed-in request, so prepared. */
const LIVE_SESSION_SQL = `
  SELECT s.id AS session_id, s.expires_at, s.user_id, ${account.columns}
    FROM sessions s ${account.join}
   WHERE s.token_hash = $1 AND s.carrier = $2 AND s.expires_at > now()`;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Opaque session tokens: 32 random bytes in the cookie (or the Mini App's header), their SHA-256 in the `sessions` table. */
@Injectable()
export class SessionService {
  /** Who closes what an ended session still holds open: the conversations' sockets, signed in once at their handshake. */
  private readonly endListeners: Array<(sessionIds: readonly string[]) => void> = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  whenEnded(listener: (sessionIds: readonly string[]) => void): void {
    this.endListeners.push(listener);
  }

  /** Tells the listeners that these sessions ended (once their deletion is committed). */
  ended(sessionIds: readonly string[]): void {
    if (sessionIds.length) for (const listener of this.endListeners) listener(sessionIds);
  }

  async start(userId: string, carrier: SessionCarrier = 'cookie'): Promise<{ token: string; expiresAt: Date }> {
    const sessions = this.dataSource.getRepository(Session);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await sessions.insert({ userId, tokenHash: hashToken(token), expiresAt, carrier });
    // Expired sessions are useless: each sign-in sweeps the user's own, so the table stays small.
    await sessions.createQueryBuilder().delete().where('user_id = :userId AND expires_at <= now()', { userId }).execute();
    return { token, expiresAt };
  }

  /** The live session a token names when it came the way it was issued, extended (sliding expiry) when it is due. */
  async resolve(token: string, carrier: SessionCarrier = 'cookie'): Promise<ResolvedSession | null> {
    const rows = await queryPrepared<{ session_id: string; expires_at: Date; user_id: string; account_role: UserRole }>(this.dataSource.manager, LIVE_SESSION_SQL, [
      hashToken(token),
      carrier,
    ]);
    const row = rows[0];
    if (!row) return null;
    const resolved: ResolvedSession = { sessionId: row.session_id, user: { id: row.user_id, role: row.account_role } };
    if (row.expires_at.getTime() - Date.now() < SESSION_LIFETIME_MS - RENEWAL_INTERVAL_MS) {
      resolved.renewedUntil = new Date(Date.now() + SESSION_LIFETIME_MS);
      await this.dataSource.getRepository(Session).update(row.session_id, { expiresAt: resolved.renewedUntil });
    }
    return resolved;
  }

  async end(token: string): Promise<void> {
    const [rows] = (await this.dataSource.query(`DELETE FROM sessions WHERE token_hash = $1 RETURNING id`, [hashToken(token)])) as [Array<{ id: string }>, number];
    this.ended(rows.map((row) => row.id));
  }

  /**
   * Signs the user out everywhere (after a password reset), keeping `exceptToken`'s session if given. Answers the
   * ended sessions, for the caller to pass to `ended` once its transaction is committed.
   */
  async endAll(transaction: EntityManager, userId: string, exceptToken?: string): Promise<string[]> {
    const query = transaction.createQueryBuilder().delete().from(Session).where('user_id = :userId', { userId }).returning('id');
    if (exceptToken) query.andWhere('token_hash <> :hash', { hash: hashToken(exceptToken) });
    return ((await query.execute()).raw as Array<{ id: string }>).map((row) => row.id);
  }
}
