import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, QueryFailedError, type EntityManager } from 'typeorm';
import {
  checkDeviceChoices,
  LISTING_STATUSES,
  translateMessage,
  type ListingDraftForm,
  type ListingDraftSaved,
  type ListingForm,
  type ListingSaved,
  type ListingStatus,
  type MessageKey,
  type MyListings,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { BalanceService } from '../balance/balance.service';
import type { ActiveListingCounts } from '../categories/category-usage';
import { AppException } from '../common/app.exception';
import { DeviceEntity } from '../devices/device.entity';
import { ImagesService } from '../uploads/images.service';
import { UsersService } from '../users/users.service';
import { ExchangeRateService, priceInUzs } from './exchange-rate.service';
import { ListingEntity, ListingImageEntity } from './listing.entity';
import { DRAFTS_PER_SELLER } from './listing.limits';
import { FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, type CardRow } from './listing.serializer';
import { ListingTariffs } from './listing-tariffs';

/** A listing's columns the wizard writes. */
type WizardColumns = Pick<
  ListingEntity,
  | 'deviceId'
  | 'categoryId'
  | 'name'
  | 'price'
  | 'valut'
  | 'priceUzs'
  | 'condition'
  | 'document'
  | 'shipping'
  | 'region'
  | 'color'
  | 'ram'
  | 'storage'
  | 'description'
  | 'tarif'
  | 'step'
  | 'phoneNumber'
  | 'telegramUsername'
  | 'authorName'
>;

/** Statuses an author's edit sends back to moderation; a listing taken off sale stays off sale. */
const REVIEWED_AGAIN_AFTER_EDIT: readonly ListingStatus[] = ['active', 'cancelled'];

function badRequest(fields: Record<string, MessageKey>): AppException {
  return new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, fields);
}

function notFound(): AppException {
  return new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
}

/**
 * The seller's side of listings: the create wizard with its drafts, edits, taking off and
 * putting back on sale, deletion and "my listings". Every change of a listing, its photos
 * and the tariff charge commit together.
 */
@Injectable()
export class ListingsService implements ActiveListingCounts {
  private readonly logger = new Logger(ListingsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    private readonly balance: BalanceService,
    private readonly users: UsersService,
    private readonly exchangeRates: ExchangeRateService,
    private readonly tariffs: ListingTariffs,
  ) {}

  /**
   * `POST /api/phone`: a new listing waiting for moderation, or the caller's draft finished
   * (`draftId`). The tariff's cost is taken from the balance in the same transaction: when
   * the balance cannot cover it (409 `insufficientBalance`) no listing is created.
   */
  async create(actor: SessionUser, form: ListingForm, ip: string): Promise<ListingSaved> {
    const { listingId, charged, balance } = await this.dataSource.transaction(async (transaction) => {
      const columns = await this.completeColumns(transaction, actor, form, actor.id, null);
      let listingId: string;
      if (form.draftId) {
        const draft = await this.lockOwn(transaction, form.draftId, actor);
        if (draft.status !== 'draft') throw new AppException(HttpStatus.CONFLICT, 'listingNotDraft');
        listingId = draft.id;
        // A finished draft is new to buyers: it is dated when it is posted, not when it was started.
        await transaction.update(ListingEntity, listingId, {
          ...columns,
          status: 'waiting',
          createdAt: () => 'now()',
          updatedAt: () => 'now()',
        });
      } else {
        const { identifiers } = await transaction.insert(ListingEntity, { ...columns, authorId: actor.id, status: 'waiting' });
        listingId = identifiers[0].id as string;
      }
      await this.setPhotos(transaction, listingId, [actor.id], form.images);
      return { listingId, ...(await this.chargeTariff(transaction, actor.id, listingId, columns.tarif)) };
    }).catch(photoTaken);
    if (form.updateProfile) await this.updateProfile(actor, form, ip);
    return { _id: listingId, status: 'waiting', charged, balance, message: translateMessage('listingCreated') };
  }

  /**
   * `PUT /api/phone/{id}`: the author (or an admin) edits a listing. An edited active or
   * cancelled listing goes back to moderation. Only the author changes the tariff; choosing
   * the paid one charges it once per listing (the ledger refuses a second charge).
   */
  async update(actor: SessionUser, listingId: string, form: ListingForm, ip: string): Promise<ListingSaved> {
    const saved = await this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockOwn(transaction, listingId, actor, { admins: true });
      if (listing.status === 'draft') throw new AppException(HttpStatus.CONFLICT, 'listingIsDraft');
      const isAuthor = listing.authorId === actor.id;
      const columns = await this.completeColumns(transaction, actor, form, listing.authorId, listing);
      if (!isAuthor) columns.tarif = listing.tarif;
      const status = REVIEWED_AGAIN_AFTER_EDIT.includes(listing.status) ? 'waiting' : listing.status;
      await transaction.update(ListingEntity, listingId, { ...columns, status, updatedAt: () => 'now()' });
      await this.setPhotos(transaction, listingId, [listing.authorId, actor.id], form.images);
      return { isAuthor, status, ...(await this.chargeTariff(transaction, listing.authorId, listingId, columns.tarif)) };
    }).catch(photoTaken);
    if (saved.isAuthor && form.updateProfile) await this.updateProfile(actor, form, ip);
    return {
      _id: listingId,
      status: saved.status,
      charged: saved.charged,
      balance: saved.balance,
      message: translateMessage(saved.status === 'waiting' ? 'listingUpdated' : 'saved'),
    };
  }

  /** `POST /api/phone/draft`: keeps what the wizard holds so far. */
  async createDraft(actor: SessionUser, form: ListingDraftForm): Promise<ListingDraftSaved> {
    const listingId = await this.dataSource.transaction(async (transaction) => {
      // The author's row lock makes two drafts saved at once count each other.
      await transaction.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [actor.id]);
      const drafts = await transaction.countBy(ListingEntity, { authorId: actor.id, status: 'draft', deletedAt: IsNull() });
      if (drafts >= DRAFTS_PER_SELLER) throw new AppException(HttpStatus.CONFLICT, 'draftLimitReached', { count: DRAFTS_PER_SELLER });
      const columns = await this.draftColumns(transaction, actor, form, null);
      const { identifiers } = await transaction.insert(ListingEntity, { ...columns, authorId: actor.id, status: 'draft' });
      const id = identifiers[0].id as string;
      await this.setPhotos(transaction, id, [actor.id], form.images);
      return id;
    }).catch(photoTaken);
    return { _id: listingId, step: form.step };
  }

  /** `PUT /api/phone/draft/{id}`: the author's draft, saved again as the wizard moves on. */
  async updateDraft(actor: SessionUser, listingId: string, form: ListingDraftForm): Promise<ListingDraftSaved> {
    await this.dataSource.transaction(async (transaction) => {
      const draft = await this.lockOwn(transaction, listingId, actor);
      if (draft.status !== 'draft') throw new AppException(HttpStatus.CONFLICT, 'listingNotDraft');
      const columns = await this.draftColumns(transaction, actor, form, draft);
      await transaction.update(ListingEntity, listingId, { ...columns, updatedAt: () => 'now()' });
      await this.setPhotos(transaction, listingId, [actor.id], form.images);
    }).catch(photoTaken);
    return { _id: listingId, step: form.step };
  }

  /** `DELETE /api/phone/{id}`: the author or an admin. The listing leaves every list; its photos are removed later. */
  async remove(actor: SessionUser, listingId: string): Promise<void> {
    await this.dataSource.transaction(async (transaction) => {
      await this.lockOwn(transaction, listingId, actor, { admins: true });
      await transaction.update(ListingEntity, listingId, { deletedAt: () => 'now()', updatedAt: () => 'now()' });
      const photos = await transaction.findBy(ListingImageEntity, { listingId });
      await this.images.markDetached(transaction, photos.map((photo) => photo.imageId));
    });
  }

  /** An active listing taken off sale by its author (or an admin): `noActive`. */
  async takeOffSale(actor: SessionUser, listingId: string): Promise<ListingStatus> {
    return this.changeStatus(actor, listingId, 'active', 'noActive', 'listingOffSaleOnlyActive');
  }

  /** A listing taken off sale put back up: it is checked by moderation again. */
  async putBackOnSale(actor: SessionUser, listingId: string): Promise<ListingStatus> {
    return this.changeStatus(actor, listingId, 'noActive', 'waiting', 'listingOnSaleOnlyInactive');
  }

  /** `GET /api/phone/my`: every listing of the caller, newest first, and how many each status has. */
  async mine(userId: string): Promise<MyListings> {
    const rows: (CardRow & { rejection_reason: string | null; step: number })[] = await this.dataSource.query(
      `SELECT l.id, l.name, l.price, l.valut, l.region, l.created_at, l.tarif, l.status, l.rejection_reason, l.step,
              ${FIRST_PHOTO_COLUMNS}
         FROM listing l
         ${FIRST_PHOTO_JOIN}
        WHERE l.author_id = $1 AND l.deleted_at IS NULL
        ORDER BY l.created_at DESC, l.id DESC`,
      [userId],
    );
    const locationOf = (key: string) => this.images.locationOf(key);
    const counts = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as MyListings['counts'];
    for (const row of rows) counts[row.status] += 1;
    return {
      phones: rows.map((row) => ({ ...toCard(row, locationOf), rejectionReason: row.rejection_reason, step: row.step })),
      counts,
    };
  }

  /** Active listings per brand, for the categories page. */
  async activeByCategory(): Promise<ReadonlyMap<string, number>> {
    const rows: { category_id: string; listings: number }[] = await this.dataSource.query(
      `SELECT category_id, count(*)::int AS listings FROM listing
        WHERE status = 'active' AND deleted_at IS NULL GROUP BY category_id`,
    );
    return new Map(rows.map((row) => [row.category_id, row.listings]));
  }

  /** Listings of any status (deleted ones too: their rows still name the brand), which keep a brand from being deleted. */
  countInCategory(categoryId: string): Promise<number> {
    return this.dataSource.getRepository(ListingEntity).countBy({ categoryId });
  }

  private async changeStatus(
    actor: SessionUser,
    listingId: string,
    from: ListingStatus,
    to: ListingStatus,
    refusal: MessageKey,
  ): Promise<ListingStatus> {
    await this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockOwn(transaction, listingId, actor, { admins: true });
      if (listing.status !== from) throw new AppException(HttpStatus.CONFLICT, refusal);
      await transaction.update(ListingEntity, listingId, { status: to, updatedAt: () => 'now()' });
    });
    return to;
  }

  /** The listing locked for a change by its author (or an admin when allowed); 404 for anyone else, as if it did not exist. */
  private async lockOwn(
    transaction: EntityManager,
    listingId: string,
    actor: SessionUser,
    { admins = false } = {},
  ): Promise<ListingEntity> {
    const listing = await transaction
      .getRepository(ListingEntity)
      .createQueryBuilder('listing')
      .where('listing.id = :listingId AND listing.deleted_at IS NULL', { listingId })
      .setLock('pessimistic_write')
      .getOne();
    if (!listing) throw notFound();
    if (listing.authorId === actor.id || (admins && actor.role === 'admin')) return listing;
    // An admin is told the truth; another user learns nothing about someone else's listing.
    throw actor.role === 'admin' ? new AppException(HttpStatus.FORBIDDEN, 'forbidden') : notFound();
  }

  /** The columns of a complete listing: name and brand from the device, choices checked against it, price in so'm. */
  private async completeColumns(
    transaction: EntityManager,
    actor: SessionUser,
    form: ListingForm,
    authorId: string,
    existing: ListingEntity | null,
  ): Promise<WizardColumns> {
    const device = await this.deviceOf(transaction, form.device);
    const choices = checkDeviceChoices(device, form);
    if (Object.keys(choices.fields).length) throw badRequest(choices.fields);
    return {
      ...(await this.wizardColumns(transaction, form, device, choices)),
      phoneNumber: await this.contactPhone(actor, form.phoneNumber, authorId, existing),
    };
  }

  private async draftColumns(
    transaction: EntityManager,
    actor: SessionUser,
    form: ListingDraftForm,
    existing: ListingEntity | null,
  ): Promise<WizardColumns> {
    const device = form.device ? await this.deviceOf(transaction, form.device) : null;
    const choices = device ? checkDeviceChoices(device, form, true) : { ram: null, storage: null, color: null, fields: {} };
    if (Object.keys(choices.fields).length) throw badRequest(choices.fields);
    return {
      ...(await this.wizardColumns(transaction, form, device, choices)),
      phoneNumber: actor.role === 'admin' ? (form.phoneNumber ?? existing?.phoneNumber ?? null) : null,
    };
  }

  private async wizardColumns(
    transaction: EntityManager,
    form: ListingForm | ListingDraftForm,
    device: DeviceEntity | null,
    choices: { ram: string | null; storage: string | null; color: string | null },
  ): Promise<Omit<WizardColumns, 'phoneNumber'>> {
    const price = form.price ?? null;
    const rateCents = await this.exchangeRates.usdRateCents(transaction);
    return {
      deviceId: device?.id ?? null,
      categoryId: device?.categoryId ?? null,
      name: device?.name ?? null,
      price,
      valut: form.valut,
      priceUzs: price === null ? null : priceInUzs(price, form.valut, rateCents),
      condition: form.condition,
      // A new phone comes with its box and documents; the wizard asks only about a used one.
      document: form.condition || form.documents,
      shipping: form.delivery,
      region: form.region ?? null,
      color: choices.color,
      ram: choices.ram,
      storage: choices.storage,
      description: form.description ?? null,
      tarif: form.tarif,
      step: form.step,
      telegramUsername: form.telegramUsername,
      authorName: form.authorName,
    };
  }

  private async deviceOf(transaction: EntityManager, deviceId: string): Promise<DeviceEntity> {
    const device = await transaction.findOneBy(DeviceEntity, { id: deviceId });
    if (!device) throw badRequest({ device: 'deviceNotFound' });
    return device;
  }

  /**
   * Buyers call the number an admin typed, or else the author's own number: a regular user
   * cannot publish someone else's phone.
   */
  private async contactPhone(
    actor: SessionUser,
    typed: string | undefined,
    authorId: string,
    existing: ListingEntity | null,
  ): Promise<string> {
    if (actor.role === 'admin' && typed) return typed;
    if (actor.role === 'admin' && existing?.phoneNumber) return existing.phoneNumber;
    return (await this.users.getProfile(authorId)).phoneNumber;
  }

  /**
   * Makes `imageIds` the listing's photos in this order. Each must be a listing photo uploaded
   * by one of `owners` and used by no other listing; photos the listing no longer shows are
   * left to the clean-up.
   */
  private async setPhotos(transaction: EntityManager, listingId: string, owners: string[], imageIds: string[]): Promise<void> {
    const found: { id: string; listing_id: string | null }[] = imageIds.length
      ? await transaction.query(
          `SELECT i.id, li.listing_id FROM images i LEFT JOIN listing_image li ON li.image_id = i.id
            WHERE i.id = ANY($1::uuid[]) AND i.owner_id = ANY($2::uuid[]) AND i.purpose = 'listing'
              FOR UPDATE OF i`,
          [imageIds, owners],
        )
      : [];
    if (found.length !== imageIds.length || found.some((image) => image.listing_id && image.listing_id !== listingId)) {
      throw badRequest({ images: 'photoUnavailable' });
    }
    const [previous]: [{ image_id: string }[], number] = await transaction.query(
      `DELETE FROM listing_image WHERE listing_id = $1 RETURNING image_id`,
      [listingId],
    );
    if (imageIds.length) {
      await transaction.query(
        `INSERT INTO listing_image (listing_id, position, image_id)
         SELECT $1, position - 1, image_id FROM unnest($2::uuid[]) WITH ORDINALITY AS photo(image_id, position)`,
        [listingId, imageIds],
      );
      await this.images.markAttached(transaction, imageIds, 'listing');
    }
    const dropped = previous.map((row) => row.image_id).filter((id) => !imageIds.includes(id));
    await this.images.markDetached(transaction, dropped);
  }

  /** Takes the tariff's cost once per listing; answers what was taken and the balance after it. */
  private async chargeTariff(
    transaction: EntityManager,
    authorId: string,
    listingId: string,
    tarif: 0 | 1,
  ): Promise<{ charged: number; balance: number }> {
    const cost = this.tariffs.costOf(tarif);
    if (cost > 0) {
      const movement = await this.balance.charge(transaction, authorId, cost, 'listingCharge', listingId);
      if (movement.recorded) return { charged: cost, balance: movement.balance };
    }
    const [{ balance }]: { balance: string }[] = await transaction.query(`SELECT balance FROM users WHERE id = $1`, [authorId]);
    return { charged: 0, balance: Number(balance) };
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

/** A photo taken by a listing saved at the same moment fails the unique index: the same answer as a photo already used. */
function photoTaken(error: unknown): never {
  const constraint = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : undefined;
  if (constraint === 'listing_image_image_id_key') throw badRequest({ images: 'photoUnavailable' });
  throw error;
}
