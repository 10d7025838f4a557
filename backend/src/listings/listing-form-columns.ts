import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { checkDeviceChoices, type ListingDraftForm, type ListingForm, type MessageKey } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { DeviceEntity } from '../devices/device.entity';
import { UsersService } from '../users/users.service';
import { ExchangeRateService, priceInUzs } from './exchange-rate.service';
import { ImeiSeal } from './imei-seal';
import type { ListingEntity } from './listing.entity';

/** A listing's columns the wizard writes. */
export type WizardColumns = Pick<
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
  | 'imeiHash'
  | 'imeiSealed'
  | 'imeiLast4'
  | 'uzimeiRegistered'
  | 'noInstalmentDebt'
  | 'grade'
  | 'battery'
>;

function badRequest(fields: Record<string, MessageKey>): AppException {
  return new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, fields);
}

/**
 * What the wizard's form becomes in a listing's columns: name and brand from the device, the
 * choices checked against it, the price in so'm, the contact phone. Read in the caller's
 * transaction; 400 with the fields at fault.
 */
@Injectable()
export class ListingFormColumns {
  constructor(
    private readonly users: UsersService,
    private readonly exchangeRates: ExchangeRateService,
    private readonly imeis: ImeiSeal,
  ) {}

  /** The columns of a complete listing. */
  async complete(
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
      phoneNumber: await this.contactPhone(transaction, actor, form.phoneNumber, authorId, existing),
    };
  }

  /** The columns of a draft: whatever the wizard holds so far, checked as far as it goes. */
  async draft(transaction: EntityManager, actor: SessionUser, form: ListingDraftForm, existing: ListingEntity | null): Promise<WizardColumns> {
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
      ...this.imeis.store(form.imei),
      uzimeiRegistered: form.uzimeiRegistered,
      noInstalmentDebt: form.noInstalmentDebt,
      // Grade and battery describe a used phone; a new one has neither.
      grade: form.condition ? null : form.grade,
      battery: form.condition ? null : form.battery,
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
    transaction: EntityManager,
    actor: SessionUser,
    typed: string | undefined,
    authorId: string,
    existing: ListingEntity | null,
  ): Promise<string> {
    if (actor.role === 'admin' && typed) return typed;
    if (actor.role === 'admin' && existing?.phoneNumber) return existing.phoneNumber;
    return this.users.phoneNumberOf(transaction, authorId);
  }
}
