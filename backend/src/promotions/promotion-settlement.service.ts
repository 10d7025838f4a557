import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { TOP_DAYS, type PromotionState, type SocialChannel } from '@market/contracts';
import { BalanceService } from '../balance/balance.service';
import { Promotion } from './promotion.entity';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A repost no channel posted within a day never will be: its channel jobs stalled or failed before
 * they reached a channel (the pacer spreads a busy hour's posts over minutes, not days).
 */
const REPOST_GIVEN_UP_AFTER = '1 day';
/** Promotions stopped by one settlement run at most; the next run takes the rest. */
const STOPPED_PER_RUN = 500;
/** A repost whose price went back: its channel jobs post nothing. */
const REPOST_STOPPED: readonly PromotionState[] = ['refunded', 'failed'];

export interface SettlementOutcome {
  /** TOPs that ran their days. */
  ended: number;
  /** Promotions whose listing left sale, refunded what they could not run. */
  refunded: number;
  /** Reposts no channel posted within a day, refunded whole. */
  unposted: number;
}

/**
 * What happens to promotions after their purchase (issue 39), for the workers: the scheduled
 * settlement ends TOPs that ran their days and refunds what a promotion could not run because its
 * listing left sale (rejected, sold, taken off sale, hidden by reports, deleted); the channel jobs
 * mark a repost done, or failed and refunded when every channel refused it. Each refund is one ledger entry whose reference is the promotion: running it
 * twice refunds once.
 */
@Injectable()
export class PromotionSettlement {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly balance: BalanceService,
  ) {}

  async settle(): Promise<SettlementOutcome> {
    const [, ended]: [unknown, number] = await this.dataSource.query(
      `UPDATE promotion SET state = 'done' WHERE state = 'running' AND ends_at <= now()`,
    );
    const stopped: { id: string }[] = await this.dataSource.query(
      `SELECT p.id FROM promotion p JOIN listing l ON l.id = p.listing_id
        WHERE p.state = 'running' AND NOT (l.status = 'active' AND l.deleted_at IS NULL)
        LIMIT $1`,
      [STOPPED_PER_RUN],
    );
    let refunded = 0;
    for (const { id } of stopped) if (await this.refund(id)) refunded += 1;
    const stuck: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM promotion WHERE state = 'running' AND product = 'channelRepost' AND starts_at <= now() - $1::interval LIMIT $2`,
      [REPOST_GIVEN_UP_AFTER, STOPPED_PER_RUN],
    );
    let unposted = 0;
    for (const { id } of stuck) {
      const failed = await this.dataSource.transaction(async (transaction) => {
        const repost = await this.runningLocked(transaction, id, 'skip');
        return repost ? this.failRepost(transaction, repost) : false;
      });
      if (failed) unposted += 1;
    }
    return { ended, refunded, unposted };
  }

  /**
   * Stops a running promotion that cannot run, giving back what it did not use: a repost's whole
   * price, a TOP's whole days left (the day it stopped in counts as used). False when it was no
   * longer running (already settled by another run), or a channel is posting it now (see postRepost).
   */
  refund(promotionId: string): Promise<boolean> {
    return this.dataSource.transaction(async (transaction) => {
      const promotion = await this.runningLocked(transaction, promotionId, 'skip');
      if (!promotion) return false;
      const days = TOP_DAYS[promotion.product];
      const daysLeft = days === undefined ? undefined : Math.max(0, Math.floor((promotion.endsAt!.getTime() - Date.now()) / DAY_MS));
      const amount = days === undefined ? promotion.price : Math.floor((promotion.price * daysLeft!) / days);
      await transaction.query(
        `UPDATE promotion SET state = $2, refunded = $3, ends_at = CASE WHEN ends_at > now() THEN now() ELSE ends_at END WHERE id = $1`,
        [promotionId, amount > 0 ? 'refunded' : 'done', amount],
      );
      if (amount > 0) await this.balance.credit(transaction, { userId: promotion.buyerId, amount, kind: 'promotionRefund', reference: promotionId });
      return true;
    });
  }

  /** Whether a repost's price went back (refunded, or failed): its channel jobs, however long they waited, post nothing. */
  async repostStopped(promotionId: string): Promise<boolean> {
    const repost = await this.dataSource.getRepository(Promotion).findOneBy({ id: promotionId });
    return !repost || REPOST_STOPPED.includes(repost.state);
  }

  /**
   * A channel's post of a repost: `post`, the call that shows it, is made holding the promotion's row,
   * and the repost is done (nothing is refunded for it any more) in the same transaction. A refund
   * passes a held row over, and a post after a refund makes nothing (null): a repost is never both
   * posted and refunded. The other channels post it too: only a refund stops them.
   */
  postRepost<T>(promotionId: string, post: () => Promise<T>): Promise<{ posted: T } | null> {
    return this.dataSource.transaction(async (transaction) => {
      const [repost]: { state: PromotionState }[] = await transaction.query(`SELECT state FROM promotion WHERE id = $1 FOR UPDATE`, [promotionId]);
      if (!repost || REPOST_STOPPED.includes(repost.state)) return null;
      const posted = await post();
      await transaction.query(`UPDATE promotion SET state = 'done' WHERE id = $1 AND state = 'running'`, [promotionId]);
      return { posted };
    });
  }

  /** The channels a repost is sent to, once: a fan-out run again leaves those that already refused it out. */
  async repostSentTo(promotionId: string, channels: readonly SocialChannel[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE promotion SET repost_channels_left = $2 WHERE id = $1 AND state = 'running' AND repost_channels_left IS NULL`,
      [promotionId, channels],
    );
  }

  /**
   * A channel gave the repost up (refused it, or the attempts ran out): when it was the last channel
   * that could still post it, the repost failed and its whole price goes back. Posted to any channel,
   * it is done and nothing is refunded. True when this refunded it; a channel giving up twice changes nothing.
   */
  repostRefused(promotionId: string, channel: SocialChannel): Promise<boolean> {
    return this.dataSource.transaction(async (transaction) => {
      const promotion = await this.runningLocked(transaction, promotionId);
      if (!promotion?.repostChannelsLeft) return false;
      const left = promotion.repostChannelsLeft.filter((other) => other !== channel);
      if (left.length > 0) {
        await transaction.query(`UPDATE promotion SET repost_channels_left = $2 WHERE id = $1`, [promotionId, left]);
        return false;
      }
      return this.failRepost(transaction, promotion);
    });
  }

  /** A running repost (locked) that no channel will post: failed, its whole price back. */
  private async failRepost(transaction: EntityManager, repost: Promotion): Promise<true> {
    await transaction.query(`UPDATE promotion SET state = 'failed', refunded = price, repost_channels_left = '{}' WHERE id = $1`, [repost.id]);
    await this.balance.credit(transaction, { userId: repost.buyerId, amount: repost.price, kind: 'promotionRefund', reference: repost.id });
    return true;
  }

  /** The promotion locked while it runs; `skip` answers null at once for a row held (a repost being posted, another run's refund). */
  private runningLocked(transaction: EntityManager, promotionId: string, held: 'wait' | 'skip' = 'wait'): Promise<Promotion | null> {
    const query = transaction
      .getRepository(Promotion)
      .createQueryBuilder('promotion')
      .where(`promotion.id = :promotionId AND promotion.state = 'running'`, { promotionId })
      .setLock('pessimistic_write');
    return (held === 'skip' ? query.setOnLocked('skip_locked') : query).getOne();
  }
}
