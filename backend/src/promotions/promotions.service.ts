import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  isTopProduct,
  LIFT_EVERY_MS,
  PROMOTION_DEFAULT_PRICES,
  PROMOTION_PRODUCTS,
  TOP_DAYS,
  type ListingPromotion,
  type ListingPromotions,
  type PromotionBought,
  type PromotionOffers,
  type PromotionPrices,
  type PromotionProduct,
  type PromotionPurchase,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { BalanceService } from '../balance/balance.service';
import { ListingCountersService } from '../browse/listing-counters.service';
import type { ListingCounts } from '../browse/listing-counter-batch';
import { AppException } from '../common/app.exception';
import { OutboxService } from '../events/outbox.service';
import { ListingLift } from '../listings/listing-lift';
import { UsersService } from '../users/users.service';
import { Promotion, PromotionPrice } from './promotion.entity';

/** The refusal of a second promotion of a kind still in effect. */
const ALREADY_RUNNING: Record<Exclude<PromotionProduct, 'lift'>, 'promotionTopRunning' | 'promotionRepostPending'> = {
  top3: 'promotionTopRunning',
  top7: 'promotionTopRunning',
  channelRepost: 'promotionRepostPending',
};

const listingNotFound = () => new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
const listingNotOnSale = () => new AppException(HttpStatus.CONFLICT, 'promotionListingNotOnSale');

/** Promotion (issue 39): the products and their prices, a purchase charged through the ledger, a listing's promotions. */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly balance: BalanceService,
    private readonly counters: ListingCountersService,
    private readonly lifts: ListingLift,
    private readonly outbox: OutboxService,
  ) {}

  /** `GET /api/promotions`. */
  async offers(): Promise<PromotionOffers> {
    const prices = await this.prices(this.dataSource.manager);
    return { products: PROMOTION_PRODUCTS.map((product) => ({ product, price: prices[product], ...(TOP_DAYS[product] && { days: TOP_DAYS[product] }) })) };
  }

  /** An admin's new prices; the products not named keep theirs. */
  async setPrices(admin: SessionUser, prices: PromotionPrices): Promise<PromotionOffers> {
    const rows = PROMOTION_PRODUCTS.filter((product) => prices[product] !== undefined).map((product) => ({ product, price: prices[product]!, setBy: admin.id }));
    if (rows.length) await this.dataSource.getRepository(PromotionPrice).upsert(rows, ['product']);
    return this.offers();
  }

  /**
   * A purchase for the buyer's listing on sale, in one transaction: the buyer's row locked (their
   * purchases one at a time, so a burst cannot pass the checks together), the product's rule
   * checked, the price charged through the ledger under the promotion's id, and its effect (a lift
   * now, the repost's event). The same idempotency key answers the first purchase again.
   */
  buy(buyer: SessionUser, listingId: string, { product, idempotencyKey }: PromotionPurchase): Promise<PromotionBought> {
    return this.dataSource.transaction(async (transaction) => {
      await this.users.lock(transaction, buyer.id);
      const id = idempotencyKey ?? randomUUID();
      const bought = await transaction.findOneBy(Promotion, { id });
      if (bought) {
        if (bought.buyerId !== buyer.id || bought.listingId !== listingId || bought.product !== product) throw listingNotFound();
        return { promotion: await this.view(bought, transaction), charged: bought.price, balance: await this.users.balanceOf(transaction, buyer.id) };
      }
      await this.checkListing(transaction, buyer, listingId);
      await this.checkRule(transaction, listingId, product);
      const price = (await this.prices(transaction))[product];
      const balance = await this.users.balanceOf(transaction, buyer.id);
      if (balance < price) throw new AppException(HttpStatus.PAYMENT_REQUIRED, 'promotionBalanceShort', { shortfall: price - balance });
      const before = await this.counters.countsOf(listingId, transaction);
      const days = TOP_DAYS[product];
      await transaction.insert(Promotion, {
        id,
        listingId,
        buyerId: buyer.id,
        product,
        price,
        // A lift acts at once; the others run until they ran their days or were posted.
        state: product === 'lift' ? 'done' : 'running',
        endsAt: days === undefined ? null : () => `now() + make_interval(days => ${days})`,
        viewsBefore: before.views,
        contactRevealsBefore: before.contactReveals,
      });
      const movement = await this.balance.charge(transaction, { userId: buyer.id, amount: price, kind: `${product}Charge`, reference: id });
      if (!movement.recorded) throw new Error(`Promotion ${id} was charged before it was bought`);
      // The check above did not lock the listing: one that left sale since is not lifted, and the purchase rolls back with its charge.
      if (product === 'lift' && !(await this.lifts.lift(transaction, listingId))) throw listingNotOnSale();
      if (product === 'channelRepost') await this.outbox.record(transaction, 'promotion.repost-requested', { promotionId: id, listingId });
      const promotion = await transaction.findOneByOrFail(Promotion, { id });
      return { promotion: toListingPromotion(promotion, before), charged: price, balance: movement.balance };
    });
  }

  /** `GET /api/phone/{id}/promotions`: the listing's promotions, newest first, for its author or an admin. */
  async ofListing(viewer: SessionUser, listingId: string): Promise<ListingPromotions> {
    const [listing]: { author_id: string }[] = await this.dataSource.query(`SELECT author_id FROM listing WHERE id = $1 AND deleted_at IS NULL`, [listingId]);
    if (!listing || (listing.author_id !== viewer.id && viewer.role !== 'admin')) throw listingNotFound();
    const promotions = await this.dataSource.getRepository(Promotion).find({ where: { listingId }, order: { startsAt: 'DESC', id: 'DESC' } });
    const now = await this.counters.countsOf(listingId);
    return { promotions: promotions.map((promotion) => toListingPromotion(promotion, now)) };
  }

  private async view(promotion: Promotion, transaction: EntityManager): Promise<ListingPromotion> {
    return toListingPromotion(promotion, await this.counters.countsOf(promotion.listingId, transaction));
  }

  /** Only the author promotes, and only a listing on sale; anyone else learns nothing of it. */
  private async checkListing(transaction: EntityManager, buyer: SessionUser, listingId: string): Promise<void> {
    const [listing]: { author_id: string; on_sale: boolean }[] = await transaction.query(
      `SELECT author_id, status = 'active' AS on_sale FROM listing WHERE id = $1 AND deleted_at IS NULL`,
      [listingId],
    );
    if (!listing || listing.author_id !== buyer.id) throw listingNotFound();
    if (!listing.on_sale) throw listingNotOnSale();
  }

  /** A lift once a day; one TOP at a time; one repost waiting at a time. */
  private async checkRule(transaction: EntityManager, listingId: string, product: PromotionProduct): Promise<void> {
    if (product === 'lift') {
      const [lifted] = await transaction.query(
        `SELECT 1 FROM promotion WHERE listing_id = $1 AND product = 'lift' AND starts_at > now() - make_interval(secs => $2)`,
        [listingId, LIFT_EVERY_MS / 1000],
      );
      if (lifted) throw new AppException(HttpStatus.CONFLICT, 'promotionLiftedToday');
      return;
    }
    const kinds = isTopProduct(product) ? ['top3', 'top7'] : [product];
    const [running] = await transaction.query(
      `SELECT 1 FROM promotion WHERE listing_id = $1 AND product = ANY($2) AND state = 'running' AND (ends_at IS NULL OR ends_at > now())`,
      [listingId, kinds],
    );
    if (running) throw new AppException(HttpStatus.CONFLICT, ALREADY_RUNNING[product]);
    // A TOP that ran its days and the settlement has not ended yet makes room for the new one.
    await transaction.query(`UPDATE promotion SET state = 'done' WHERE listing_id = $1 AND state = 'running' AND ends_at <= now()`, [listingId]);
  }

  private async prices(manager: EntityManager): Promise<Record<PromotionProduct, number>> {
    const set = await manager.find(PromotionPrice);
    return { ...PROMOTION_DEFAULT_PRICES, ...Object.fromEntries(set.map((row) => [row.product, row.price])) };
  }
}

/** A promotion as its seller sees it: its views and contact reveals before it was bought and since. */
function toListingPromotion(promotion: Promotion, now: ListingCounts, before: ListingCounts = { views: promotion.viewsBefore, contactReveals: promotion.contactRevealsBefore }): ListingPromotion {
  return {
    _id: promotion.id,
    product: promotion.product,
    price: promotion.price,
    state: promotion.state,
    startsAt: promotion.startsAt.toISOString(),
    endsAt: promotion.endsAt?.toISOString() ?? null,
    refunded: promotion.refunded,
    before,
    during: { views: now.views - before.views, contactReveals: now.contactReveals - before.contactReveals },
  };
}

