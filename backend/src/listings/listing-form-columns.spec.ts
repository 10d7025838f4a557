import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { completeImei, listingFormSchema, type ListingFormInput } from '@market/contracts';
import { testConfig } from '../../../test/support/config';
import { wizardPayload } from '../../test/listings-support';
import type { SessionUser } from '../auth/auth.decorators';
import type { CategoriesService } from '../categories/categories.service';
import type { AppException } from '../common/app.exception';
import type { DevicesService, ListedDevice } from '../devices/devices.service';
import type { UsersService } from '../users/users.service';
import type { ExchangeRateService } from './exchange-rate.service';
import { ImeiSeal } from './imei-seal';
import { ListingFormColumns } from './listing-form-columns';

/** The rules that turn the wizard's form into a listing's columns; the catalogue, accounts and rate are stand-ins. */
describe('ListingFormColumns', () => {
  const transaction = {} as EntityManager;
  const brandId = randomUUID();
  const device: ListedDevice = {
    id: randomUUID(),
    name: 'Samsung Galaxy A55',
    categoryId: brandId,
    detailSpec: [
      { category: 'Memory', specifications: [{ name: 'Internal', value: '128GB 8GB RAM, 256GB 8GB RAM' }] },
      { category: 'Misc', specifications: [{ name: 'Colors', value: 'Navy, Lilac' }] },
    ],
  };
  /** The model as the wizard offers it: its memory options and colours, the second of each chosen. */
  const wizardDevice = {
    ...device,
    memory: [
      { ram: '8GB', storage: '128GB' },
      { ram: '8GB', storage: '256GB' },
    ],
    colors: ['Navy', 'Lilac'],
  };
  const seller: SessionUser = { id: randomUUID(), role: 'user' };
  const admin: SessionUser = { id: randomUUID(), role: 'admin' };
  const SELLERS_NUMBER = '998901112233';

  const columns = new ListingFormColumns(
    { phoneNumberOf: async () => SELLERS_NUMBER } as unknown as UsersService,
    { listedDevice: async (_transaction: EntityManager, id: string) => (id === device.id ? device : null) } as unknown as DevicesService,
    // 12 650 so'm to the dollar.
    { usdRateCents: async () => 1_265_000n } as unknown as ExchangeRateService,
    { brandOf: async (id: string) => (id === brandId ? { name: 'Tecno', color: '#0000ff' } : null) } as unknown as CategoriesService,
    new ImeiSeal(testConfig()),
  );

  const form = (changes: Partial<ListingFormInput> = {}) =>
    listingFormSchema.parse(wizardPayload(wizardDevice, [randomUUID()], changes));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: AppException) => ({ status: error.getStatus(), fields: error.fields }),
    );

  it('names the listing and its brand after the catalogue model and prices it in so\'m too', async () => {
    const written = await columns.complete(transaction, seller, form({ price: 300, valut: 'usd' }), seller.id, null);
    expect(written).toMatchObject({ deviceId: device.id, categoryId: brandId, name: 'Samsung Galaxy A55', customModel: null });
    expect(written).toMatchObject({ price: 300, valut: 'usd', priceUzs: 3_795_000, ram: '8GB', storage: '256GB', color: 'Lilac' });
  });

  it('keeps the IMEI only sealed, with its last four digits in clear', async () => {
    const imei = completeImei('35000000000001');
    const written = await columns.complete(transaction, seller, form({ imei: [imei] }), seller.id, null);
    expect(written.imeiLast4).toEqual([imei.slice(-4)]);
    expect(JSON.stringify(written)).not.toContain(imei);
  });

  it('gives a new phone its box and documents and no grade or battery', async () => {
    const written = await columns.complete(transaction, seller, form({ condition: true, grade: undefined, battery: undefined }), seller.id, null);
    expect(written).toMatchObject({ condition: true, document: true, grade: null, battery: null });
  });

  it("keeps a used phone's documents, grade and battery as the seller answered", async () => {
    const written = await columns.complete(transaction, seller, form({ documents: false, grade: 'C', battery: 84 }), seller.id, null);
    expect(written).toMatchObject({ condition: false, document: false, grade: 'C', battery: 84 });
  });

  it('refuses a memory or colour the model does not come in, naming the field', async () => {
    expect(await refusal(columns.complete(transaction, seller, form({ color: 'Gold' }), seller.id, null))).toEqual({
      status: 400,
      fields: { color: expect.any(String) },
    });
  });

  it('refuses a model missing from the catalogue', async () => {
    expect(await refusal(columns.complete(transaction, seller, form({ device: randomUUID() }), seller.id, null))).toEqual({
      status: 400,
      fields: { device: 'deviceNotFound' },
    });
  });

  it("names a typed model ('Boshqa model') with its brand first, once, and leaves its memory and colour unset", async () => {
    const typed = (name: string) => form({ device: undefined, customModel: { brand: brandId, name }, ram: null, storage: null, color: null });
    expect(await columns.complete(transaction, seller, typed('Spark 40'), seller.id, null)).toMatchObject({
      deviceId: null,
      customModel: 'Spark 40',
      categoryId: brandId,
      name: 'Tecno Spark 40',
      ram: null,
      color: null,
    });
    expect((await columns.complete(transaction, seller, typed('tecno Spark 40'), seller.id, null)).name).toBe('tecno Spark 40');
  });

  it('refuses a typed model of a brand that is gone', async () => {
    const typed = form({ device: undefined, customModel: { brand: randomUUID(), name: 'Spark 40' }, ram: null, storage: null, color: null });
    expect(await refusal(columns.complete(transaction, seller, typed, seller.id, null))).toEqual({
      status: 400,
      fields: { customModel: 'customModelBrand' },
    });
  });

  it("shows buyers the seller's own number whatever number a seller typed; an admin's typed number wins", async () => {
    expect((await columns.complete(transaction, seller, form({ phoneNumber: '998907654321' }), seller.id, null)).phoneNumber).toBe(SELLERS_NUMBER);
    expect((await columns.complete(transaction, admin, form({ phoneNumber: '998907654321' }), seller.id, null)).phoneNumber).toBe('998907654321');
  });
});
