import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import {
  EDIT_CHECKS,
  LISTING_ACTIONS,
  LISTING_PRICE_MAX,
  REVIEW_THRESHOLD,
  YOUNG_ACCOUNT_DAYS,
  mayDo,
  needsReview,
  riskScore,
  sentBackToReview,
  statusAfter,
  translateMessage,
  type ListingAction,
  type ListingDraftForm,
  type ListingDraftSaved,
  type ListingForm,
  type ListingSaved,
  type ListingStatus,
  type MarkSold,
  type MessageKey,
  type ReviewedListing,
  type StatusAfter,
  type Translated,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { BalanceService } from '../balance/balance.service';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { lockedRow } from '../database/locked-row';
import { OutboxService } from '../events/outbox.service';
import { RateLimitService, type RateLimit } from '../rate-limit/rate-limit.service';
import { accountCreated } from '../users/user-reads';
import { UsersService } from '../users/users.service';
import { ExchangeRateService, priceInUzs } from './exchange-rate.service';
import { ListingEntity } from './listing.entity';
import { DRAFTS_PER_SELLER } from './listing.limits';
import { ListingFormColumns } from './listing-form-columns';
import { nextStatus } from './listing-lifecycle';
import { ListingPhotosService } from './listing-photos.service';
import { ListingTariffs } from './listing-tariffs';
import { ListingChecksService } from '../moderation/trust/listing-checks.service';
import { DealsService } from '../reputation/deals.service';

/** What the seller is told after an edit, by where it left the listing. */
const EDIT_MESSAGES: Record<StatusAfter<'edit' | 'amend'>, MessageKey> = {
  waiting: 'listingUpdated',
  active: 'listingSavedOnSale',
  noActive: 'saved',
};

/** What moderation approved of a stored listing (or of its columns about to be written), photos aside. */
function reviewedOf(
  listing: Pick<
    ListingEntity,
    'deviceId' | 'categoryId' | 'customModel' | 'ram' | 'storage' | 'color' | 'condition' | 'document' | 'grade' | 'imeiHash' | 'authorName' | 'telegramUsername'
  >,
): Omit<ReviewedListing, 'images'> {
  return {
    // A typed model ('Boshqa model') with its brand stands for the device: another typed name or brand is another phone.
    device: listing.deviceId ?? (listing.customModel && `${listing.categoryId} ${listing.customModel}`),
    ram: listing.ram,
    storage: listing.storage,
    color: listing.color,
    condition: listing.condition,
    documents: listing.document,
    grade: listing.grade,
    imei: listing.imeiHash,
    authorName: listing.authorName,
    telegramUsername: listing.telegramUsername,
  };
}

function notFound(): AppException {
  return new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
}

/**
 * The seller's changes to listings: the create wizard with its drafts, edits, taking off and
 * putting back on sale, marking sold, deletion; each as the contracts' lifecycle allows. Every change of a
 * listing, its photos and the tariff charge commit together.
 */
@Injectable()
export class ListingsService {
  private readonly logger = new Logger(ListingsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly columns: ListingFormColumns,
    private readonly photos: ListingPhotosService,
    private readonly balance: BalanceService,
    private readonly users: UsersService,
    private readonly tariffs: ListingTariffs,
    private readonly exchangeRates: ExchangeRateService,
    private readonly outbox: OutboxService,
    private readonly checks: ListingChecksService,
    private readonly limits: RateLimitService,
    private readonly config: AppConfig,
    private readonly deals: DealsService,
  ) {}

  /**
   * `POST /api/phone`: a new listing waiting for moderation, or the caller's draft finished
   * (`draftId`). The tariff's cost is taken from the balance in the same transaction: when
   * the balance cannot cover it (409 `insufficientBalance`) no listing is created.
   */
  async create(actor: SessionUser, form: ListingForm, ip: string): Promise<ListingSaved> {
    // Counted before the work (one atomic increment): a burst of posts cannot slip past the day's cap.
    // Given back when the work refuses the posting or finds it already made: a posting counts once.
    const cap = await this.newListingsLimit(actor.id);
    await this.limits.consume(cap, actor.id);
    const { listingId, status, charged, balance, repeated } = await this.dataSource.transaction(async (transaction) => {
      // The author's row lock makes the same posting sent twice at once find the first one's listing.
      if (form.draftId !== undefined) await this.users.lock(transaction, actor.id);
      const kept = form.draftId !== undefined && (await transaction.existsBy(ListingEntity, { id: form.draftId }));
      const draft = kept ? await this.lockFor(transaction, form.draftId!, actor, 'submit') : null;
      // The same posting sent again (its answer was lost): it went through, and is answered as it stands.
      if (draft && statusAfter('submit', draft.status) === undefined) {
        return { listingId: draft.id, status: draft.status, charged: 0, balance: await this.users.balanceOf(transaction, actor.id), repeated: true };
      }
      const columns = await this.columns.complete(transaction, actor, form, actor.id, null);
      let listingId: string;
      let status: ListingStatus;
      if (draft) {
        status = nextStatus('submit', draft.status, 'listingNotDraft');
        listingId = draft.id;
        // A finished draft is new to buyers: it is dated when it is posted, not when it was started.
        await transaction.update(ListingEntity, listingId, {
          ...columns,
          status,
          createdAt: () => 'now()',
          updatedAt: () => 'now()',
        });
      } else {
        status = LISTING_ACTIONS.submit.moves.new;
        const { identifiers } = await transaction.insert(ListingEntity, { ...columns, id: form.draftId, authorId: actor.id, status });
        listingId = identifiers[0].id as string;
      }
      await this.photos.show(transaction, listingId, [actor.id], form.images);
      return { listingId, status, ...(await this.chargeTariff(transaction, actor.id, listingId, this.tariffs.costOf(columns.tarif))), repeated: false };
    }).catch(async (error: unknown) => {
      await this.limits.refund(cap, actor.id);
      throw error;
    });
    if (repeated) await this.limits.refund(cap, actor.id);
    if (form.updateProfile) await this.updateProfile(actor, form, ip);
    return { _id: listingId, status, charged, balance, message: translateMessage('listingCreated') };
  }

  /**
   * `PUT /api/phone/{id}`: the author (or an admin) edits a listing. A change of what
   * moderation approved (device, photos, condition, grade, IMEIs) sends it back to moderation, or, off
   * sale, to moderation when it goes back on sale; any other change keeps an active listing on
   * sale and shows moderators when it was made. Only the author changes the tariff; choosing
   * the paid one charges its cost then, once per listing (the ledger refuses a second charge).
   * An edit that keeps the tariff charges nothing, whatever it costs now.
   */
  async update(actor: SessionUser, listingId: string, form: ListingForm, ip: string): Promise<ListingSaved> {
    const saved = await this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockFor(transaction, listingId, actor, 'edit');
      const isAuthor = listing.authorId === actor.id;
      const columns = await this.columns.complete(transaction, actor, form, listing.authorId, listing);
      if (!isAuthor) columns.tarif = listing.tarif;
      // A listing without a contact name shows the account's: the wizard fills it in, and that is no new contact.
      const shownName = listing.authorName ?? (await this.users.namesOf([listing.authorId], transaction)).get(listing.authorId) ?? null;
      const reviewed = needsReview(
        { ...reviewedOf({ ...listing, authorName: shownName }), images: await this.photos.shownBy(transaction, listingId) },
        { ...reviewedOf(columns), images: form.images },
      );
      let status: StatusAfter<'edit' | 'amend'> = nextStatus(reviewed ? 'edit' : 'amend', listing.status, 'listingIsDraft');
      await transaction.update(ListingEntity, listingId, {
        ...columns,
        status,
        ...(status === 'active' || status === 'noActive' ? { editedAt: () => 'now()' } : {}),
        ...(reviewed && status === 'noActive' && { reviewDue: true }),
        updatedAt: () => 'now()',
      });
      // An amend is checked as it is saved: a card number, contacts or a bait price put in after approval go back to review.
      let review: Translated | null = null;
      if (!reviewed && (status === 'active' || status === 'noActive')) {
        const findings = await this.checks.checkAmended(transaction, listingId);
        if (riskScore(findings.filter((finding) => EDIT_CHECKS.includes(finding.kind))) >= REVIEW_THRESHOLD) {
          status = nextStatus('edit', listing.status, 'listingIsDraft');
          review = sentBackToReview(findings);
          await transaction.update(ListingEntity, listingId, { status, ...(status === 'noActive' && { reviewDue: true }) });
        }
      }
      await this.photos.show(transaction, listingId, [listing.authorId, actor.id], form.images);
      // A lower price of a listing on sale is news for those who keep it, also while the edit is checked again
      // (compared in so'm: a change of currency alone is no drop).
      const lowered = listing.status === 'active' && columns.priceUzs !== null && listing.priceUzs !== null && columns.priceUzs < listing.priceUzs;
      if (lowered) await this.outbox.record(transaction, 'listing.price-lowered', { listingId, oldPrice: listing.price!, oldValut: listing.valut });
      // Charged when chosen: a listing posted while its tariff was free is not charged by a later edit once the price rose.
      const cost = columns.tarif === listing.tarif ? 0 : this.tariffs.costOf(columns.tarif);
      return { isAuthor, status, review, ...(await this.chargeTariff(transaction, listing.authorId, listingId, cost)) };
    });
    if (saved.isAuthor && form.updateProfile) await this.updateProfile(actor, form, ip);
    return {
      _id: listingId,
      status: saved.status,
      charged: saved.charged,
      balance: saved.balance,
      message: saved.review ?? translateMessage(EDIT_MESSAGES[saved.status]),
    };
  }

  /** The day's cap on new listings of the account: lower while it is younger than YOUNG_ACCOUNT_DAYS. */
  private async newListingsLimit(accountId: string): Promise<RateLimit> {
    const account = accountCreated('asked.id', 'account');
    const [{ young }]: { young: boolean }[] = await this.dataSource.query(
      `SELECT account_created_at > now() - make_interval(days => $2) AS young FROM (SELECT ${account.columns} FROM (SELECT $1::uuid AS id) asked ${account.join}) seller`,
      [accountId, YOUNG_ACCOUNT_DAYS],
    );
    return young
      ? { name: 'new-listings-new-account', points: this.config.LISTINGS_PER_DAY_NEW_ACCOUNT, durationSeconds: 24 * 3600 }
      : { name: 'new-listings', points: this.config.LISTINGS_PER_DAY, durationSeconds: 24 * 3600 };
  }

  /** `POST /api/phone/draft`: keeps what the wizard holds so far. */
  async createDraft(actor: SessionUser, form: ListingDraftForm): Promise<ListingDraftSaved> {
    const listingId = await this.dataSource.transaction(async (transaction) => {
      // The author's row lock makes two drafts saved at once count each other, and the same first save sent twice find the first.
      await this.users.lock(transaction, actor.id);
      if (form.id !== undefined && (await transaction.existsBy(ListingEntity, { id: form.id }))) {
        await this.keepDraft(transaction, actor, form.id, form);
        return form.id;
      }
      const drafts = await transaction.countBy(ListingEntity, { authorId: actor.id, status: 'draft', deletedAt: IsNull() });
      if (drafts >= DRAFTS_PER_SELLER) throw new AppException(HttpStatus.CONFLICT, 'draftLimitReached', { count: DRAFTS_PER_SELLER });
      const columns = await this.columns.draft(transaction, actor, form, null);
      const { identifiers } = await transaction.insert(ListingEntity, {
        ...columns,
        id: form.id,
        authorId: actor.id,
        status: LISTING_ACTIONS.saveDraft.moves.new,
      });
      const id = identifiers[0].id as string;
      await this.photos.show(transaction, id, [actor.id], form.images);
      return id;
    });
    return { _id: listingId, step: form.step };
  }

  /** `PUT /api/phone/draft/{id}`: the author's draft, saved again as the wizard moves on. */
  async updateDraft(actor: SessionUser, listingId: string, form: ListingDraftForm): Promise<ListingDraftSaved> {
    await this.dataSource.transaction((transaction) => this.keepDraft(transaction, actor, listingId, form));
    return { _id: listingId, step: form.step };
  }

  private async keepDraft(transaction: EntityManager, actor: SessionUser, listingId: string, form: ListingDraftForm): Promise<void> {
    const draft = await this.lockFor(transaction, listingId, actor, 'saveDraft');
    const status = nextStatus('saveDraft', draft.status, 'listingNotDraft');
    const columns = await this.columns.draft(transaction, actor, form, draft);
    await transaction.update(ListingEntity, listingId, { ...columns, status, updatedAt: () => 'now()' });
    await this.photos.show(transaction, listingId, [actor.id], form.images);
  }

  /** `DELETE /api/phone/{id}`: the author or an admin. The listing leaves every list; its photos are removed later. */
  async remove(actor: SessionUser, listingId: string): Promise<void> {
    await this.dataSource.transaction(async (transaction) => {
      await this.lockFor(transaction, listingId, actor, 'delete');
      await transaction.update(ListingEntity, listingId, { deletedAt: () => 'now()', updatedAt: () => 'now()' });
      await this.photos.release(transaction, listingId);
    });
  }

  /** An active listing taken off sale by its author (or an admin): `noActive`. */
  async takeOffSale(actor: SessionUser, listingId: string): Promise<ListingStatus> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockFor(transaction, listingId, actor, 'offSale');
      const status = nextStatus('offSale', listing.status, 'listingOffSaleOnlyActive');
      await transaction.update(ListingEntity, listingId, { status, updatedAt: () => 'now()' });
      return status;
    });
  }

  /** A listing taken off sale put back up: at once as it was approved, through moderation when its device, photos or condition changed meanwhile. */
  async putBackOnSale(actor: SessionUser, listingId: string): Promise<ListingStatus> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockFor(transaction, listingId, actor, 'onSale');
      const status = nextStatus(listing.reviewDue ? 'onSaleForReview' : 'onSale', listing.status, 'listingOnSaleOnlyInactive');
      await transaction.update(ListingEntity, listingId, { status, reviewDue: false, updatedAt: () => 'now()' });
      return status;
    });
  }

  /**
   * Sold (by its author): off sale for good, with what it sold for kept for the price guide. A
   * named buyer makes it a deal (issue 38), recorded in the same transaction; `address` is the seller's.
   */
  async markSold(actor: SessionUser, listingId: string, { price, buyerId }: MarkSold, address: string): Promise<ListingStatus> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockFor(transaction, listingId, actor, 'markSold');
      const status = nextStatus('markSold', listing.status, 'listingSoldOnlyOnSale');
      // Sold once: a second sale would count the phone twice in the price guide.
      if (listing.soldAt) throw new AppException(HttpStatus.CONFLICT, 'listingAlreadySold');
      // In the listing's currency, bounded as its asking price is.
      if (price !== undefined && price > LISTING_PRICE_MAX[listing.valut]) {
        throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { price: 'priceTooHigh' });
      }
      const soldPriceUzs = price === undefined ? listing.priceUzs : priceInUzs(price, listing.valut, await this.exchangeRates.usdRateCents(transaction));
      await transaction.update(ListingEntity, listingId, { status, soldAt: () => 'now()', soldPriceUzs, updatedAt: () => 'now()' });
      if (buyerId) await this.deals.open(transaction, { listingId, sellerId: listing.authorId, buyerId, priceUzs: soldPriceUzs, sellerAddress: address });
      return status;
    });
  }

  /** The listing (not deleted) locked until the transaction ends, for whoever decides about it; 404 when there is none. */
  lock(transaction: EntityManager, listingId: string): Promise<ListingEntity> {
    return lockedRow(transaction, ListingEntity, { id: listingId, deletedAt: IsNull() }, 'listingNotFound');
  }

  /** Established buyers' reports agree (moderation's reports): the listing leaves the site until a moderator decides. */
  async hideReported(transaction: EntityManager, listingId: string, status: ListingStatus): Promise<ListingStatus> {
    const hidden = nextStatus('hideReported', status, 'listingNotFound');
    await transaction.query(`UPDATE listing SET status = $2, updated_at = now() WHERE id = $1`, [listingId, hidden]);
    return hidden;
  }

  /**
   * A typed model ('Boshqa model') joined the catalogue as `device`: the listing, and every other
   * typed the same way in its brand, now has the device. Answers how many listings changed.
   */
  async linkTypedModel(transaction: EntityManager, listing: ListingEntity, device: { id: string; name: string }): Promise<number> {
    // An UPDATE answers its rows and how many it changed.
    const [, linked]: [unknown[], number] = await transaction.query(
      `UPDATE listing SET device_id = $1, name = $2, custom_model = NULL, updated_at = now()
        WHERE custom_model IS NOT NULL AND category_id = $3 AND (id = $4 OR lower(name) = lower($5)) AND deleted_at IS NULL`,
      [device.id, device.name, listing.categoryId, listing.id, listing.name],
    );
    return linked;
  }

  /**
   * The listing locked for `action` by its author, or by an admin where the lifecycle lets
   * admins do it; 404 for anyone else, as if it did not exist.
   */
  private async lockFor(transaction: EntityManager, listingId: string, actor: SessionUser, action: ListingAction): Promise<ListingEntity> {
    const listing = await this.lock(transaction, listingId);
    const asker = listing.authorId === actor.id ? 'author' : actor.role === 'admin' ? 'admin' : null;
    if (asker && mayDo(action, asker)) return listing;
    // An admin is told the truth; another user learns nothing about someone else's listing.
    throw actor.role === 'admin' ? new AppException(HttpStatus.FORBIDDEN, 'forbidden') : notFound();
  }

  /** Takes the cost of the tariff just chosen, once per listing; answers what was taken and the balance after it. */
  private async chargeTariff(transaction: EntityManager, authorId: string, listingId: string, cost: number): Promise<{ charged: number; balance: number }> {
    if (cost > 0) {
      const movement = await this.balance.charge(transaction, { userId: authorId, amount: cost, kind: 'listingCharge', reference: listingId });
      if (movement.recorded) return { charged: cost, balance: movement.balance };
    }
    return { charged: 0, balance: await this.users.balanceOf(transaction, authorId) };
  }

  /**
   * "Also update my profile": the contact name and Telegram username become the author's.
   * After the listing is saved: a refused profile change must not lose the listing.
   */
  private async updateProfile(actor: SessionUser, form: ListingForm, ip: string): Promise<void> {
    const changes = {
      ...(form.authorName && { name: form.authorName }),
      ...(form.telegramUsername && { telegramUsername: form.telegramUsername }),
    };
    if (Object.keys(changes).length === 0) return;
    await this.users.update(actor, actor.id, changes, ip).catch((error: Error) => {
      this.logger.warn(`Profile not updated from the listing wizard: ${error.message}`);
    });
  }
}
