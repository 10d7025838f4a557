import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { checkDeviceChoices, conditionDetails, type CustomModel, type ListingDraftForm, type ListingForm, type MessageKey } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { CategoriesService } from '../categories/categories.service';
import { AppException } from '../common/app.exception';
import { DevicesService, type ListedDevice } from '../devices/devices.service';
import { UsersService } from '../users/users.service';
import { ExchangeRateService, priceInUzs } from './exchange-rate.service';
import { ImeiSeal } from './imei-seal';
import type { ListingEntity } from './listing.entity';

/** A listing's columns the wizard writes. */
export type WizardColumns = Pick<
  ListingEntity,
  | 'deviceId'
  | 'customModel'
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

/** What a listing is for: a catalogue device, or a model its seller typed within a brand. */
type ListedModel = Pick<ListedDevice, 'categoryId' | 'name'> & { id: string | null; customModel?: string };

const NO_CHOICES = { ram: null, storage: null, color: null, fields: {} };

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
    private readonly devices: DevicesService,
    private readonly exchangeRates: ExchangeRateService,
    private readonly categories: CategoriesService,
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
    const device = form.device ? await this.deviceOf(transaction, form.device) : null;
    // A typed model has no specs to choose from: its memory and colour are left unset.
    const choices = device ? checkDeviceChoices(device, form) : NO_CHOICES;
    if (Object.keys(choices.fields).length) throw badRequest(choices.fields);
    return {
      ...(await this.wizardColumns(transaction, form, device ?? (await this.typedModel(transaction, form.customModel!)), choices)),
      phoneNumber: await this.contactPhone(transaction, actor, form.phoneNumber, authorId, existing),
    };
  }

  /** The columns of a draft: whatever the wizard holds so far, checked as far as it goes. */
  async draft(transaction: EntityManager, actor: SessionUser, form: ListingDraftForm, existing: ListingEntity | null): Promise<WizardColumns> {
    const device = form.device ? await this.deviceOf(transaction, form.device) : null;
    const choices = device ? checkDeviceChoices(device, form, true) : NO_CHOICES;
    if (Object.keys(choices.fields).length) throw badRequest(choices.fields);
    const model = device ?? (form.customModel ? await this.typedModel(transaction, form.customModel) : null);
    return {
      ...(await this.wizardColumns(transaction, form, model, choices)),
      phoneNumber: actor.role === 'admin' ? (form.phoneNumber ?? existing?.phoneNumber ?? null) : null,
    };
  }

  private async wizardColumns(
    transaction: EntityManager,
    form: ListingForm | ListingDraftForm,
    model: ListedModel | null,
    choices: { ram: string | null; storage: string | null; color: string | null },
  ): Promise<Omit<WizardColumns, 'phoneNumber'>> {
    const price = form.price ?? null;
    const rateCents = await this.exchangeRates.usdRateCents(transaction);
    const details = conditionDetails(form);
    return {
      deviceId: model?.id ?? null,
      customModel: model?.customModel ?? null,
      categoryId: model?.categoryId ?? null,
      name: model?.name ?? null,
      price,
      valut: form.valut,
      priceUzs: price === null ? null : priceInUzs(price, form.valut, rateCents),
      condition: form.condition,
      document: details.documents,
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
      grade: details.grade,
      battery: details.battery,
    };
  }

  /** 'Boshqa model': the listing is named as the catalogue names models, its brand first ('Tecno Spark 40'). */
  private async typedModel(transaction: EntityManager, { brand, name }: CustomModel): Promise<ListedModel> {
    const category = await this.categories.brandOf(brand, transaction);
    if (!category) throw badRequest({ customModel: 'customModelBrand' });
    const named = name.toLowerCase().startsWith(`${category.name.toLowerCase()} `) ? name : `${category.name} ${name}`;
    return { id: null, customModel: name, categoryId: brand, name: named };
  }

  private async deviceOf(transaction: EntityManager, deviceId: string): Promise<ListedDevice> {
    const device = await this.devices.listedDevice(transaction, deviceId);
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
