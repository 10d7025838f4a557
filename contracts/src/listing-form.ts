import { z } from 'zod';
import { translatedSchema } from './errors';
import { deviceColors, deviceMemoryOptions, type SpecSection } from './catalogue';
import { LIMITS } from './limits';
import {
  currencySchema,
  listingCardSchema,
  listingDetailSchema,
  listingImageSchema,
  listingStatusSchema,
  requestedChannelPosts,
  socialChannelSchema,
  tariffValueSchema,
} from './listing';
import { CHANNEL_SKIP_REASONS, type Currency } from './listing-constants';
import { batterySchema, conditionGradeSchema, imeiListSchema } from './phone-identity';
import { LISTING_REGIONS } from './regions';
import { phoneNumberSchema, telegramUsernameSchema } from './user';

/** A listing's region: one of LISTING_REGIONS. */
const listingRegionSchema = z.enum(LISTING_REGIONS.map((region) => region.id) as [string, ...string[]]);

/*
 * The create-listing wizard (spec section 4) as the server receives it. The wizard's names
 * are kept: `documents` is stored as the listing's `document`, `delivery` as `shipping`.
 * Name and category are not taken from the payload: they come from the device.
 */

/** Above these a price is a typing mistake, not a phone. */
export const LISTING_PRICE_MAX: Record<Currency, number> = { uzs: 10_000_000_000, usd: 1_000_000 };

/**
 * The price as typed: characters other than digits and the dot are dropped (spec section 5),
 * so '4 500 000' and '4500000' are the same. A whole number: a price with decimals is refused
 * ('priceWhole'), not rounded, in dollars as in so'm.
 */
export const listingPriceSchema = z
  .union([z.number(), z.string()], { error: 'required' })
  .transform((value) => (typeof value === 'number' ? String(value) : value.replace(/[^\d.]/g, '')))
  .pipe(z.string().min(1, 'required'))
  .transform((text) => Number(text))
  .pipe(z.number({ error: 'priceInvalid' }).int('priceWhole').min(1, 'priceInvalid'));

const optionalChoice = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(60, 'invalidValue')
  .nullish()
  .transform((value) => value || null);

/** An optional Telegram username: empty means none, a leading @ is dropped. */
const optionalTelegramUsername = z
  .string({ error: 'invalidTelegramUsername' })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(z.union([z.null(), telegramUsernameSchema]));

/** A draft may hold a step not filled in yet: absent, null and '' all mean nothing chosen. */
function emptyAsNull(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}

/**
 * 'Boshqa model': a model the catalogue lacks, typed by the seller within a brand. The listing is
 * named after it and moderation sees it marked until an admin adds the model to the catalogue.
 */
export const CUSTOM_MODEL_NAME_MAX = 60;
export const customModelSchema = z.object({
  brand: z.uuid('customModelBrand'),
  name: z
    .string({ error: 'customModelName' })
    .trim()
    .min(2, 'customModelName')
    .max(CUSTOM_MODEL_NAME_MAX, 'customModelName')
    // Letters of any script, digits, spaces and what model names use ('Spark 40 Pro+', 'A06 (4G)'); a digit or letter first.
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} +().\-/]*$/u, 'customModelName'),
});
export type CustomModel = z.infer<typeof customModelSchema>;
const optionalCustomModel = customModelSchema.nullish();

/** A listing is for a catalogue device or for a typed model ('Boshqa model'), one of the two. */
function deviceOrCustomModel(form: { device?: string | null; customModel?: CustomModel | null }, context: z.RefinementCtx, partial = false): void {
  if (form.device && form.customModel) context.addIssue({ code: 'custom', path: ['customModel'], message: 'invalidValue' });
  else if (!form.device && !form.customModel && !partial) context.addIssue({ code: 'custom', path: ['device'], message: 'required' });
}

const imageIdsSchema = z
  .array(z.uuid('invalidValue'), { error: 'photosMin' })
  .max(LIMITS.photosMax, 'photosMax')
  .refine((ids) => new Set(ids).size === ids.length, 'invalidValue');

const wizardFields = {
  device: z.preprocess(emptyAsNull, z.uuid('invalidValue').nullable()),
  customModel: optionalCustomModel,
  /** Memory step: one of the device's storage/RAM pairs (skipped when it has one or none). */
  ram: optionalChoice,
  storage: optionalChoice,
  /** Colour step: one of the device's colours (skipped when it has one or none). */
  color: optionalChoice,
  price: listingPriceSchema,
  valut: currencySchema.default('uzs'),
  description: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(LIMITS.descriptionMax, 'descriptionMax'),
  /** The contact name shown to buyers; empty means the author's profile name. */
  authorName: z
    .string({ error: 'invalidValue' })
    .trim()
    .max(50, 'maxCharacters50')
    .nullish()
    .transform((value) => value || null),
  /** Only admins choose the contact phone; everyone else's listing shows their own number. */
  phoneNumber: z.preprocess((value) => (value === '' || value === null ? undefined : value), phoneNumberSchema.optional()),
  telegramUsername: optionalTelegramUsername,
  /** Also write authorName and telegramUsername to the author's profile. */
  updateProfile: z.boolean({ error: 'invalidValue' }).default(false),
  region: z.string({ error: 'required' }).trim().min(1, 'required').pipe(listingRegionSchema),
  /** Ids answered by `POST /api/upload`, in display order; the caller's own, not used by another listing. */
  images: imageIdsSchema.min(LIMITS.photosMin, 'photosMin'),
  /** true: new, false: used (the wizard's default). */
  condition: z.boolean({ error: 'invalidValue' }).default(false),
  /** Box and documents; asked only for a used phone, a new one has them. */
  documents: z.boolean({ error: 'invalidValue' }).default(false),
  delivery: z.boolean({ error: 'invalidValue' }).default(false),
  /** The phone's IMEIs (one or two): a new listing needs at least one; buyers only ever see the last four digits. */
  imei: imeiListSchema.pipe(z.array(z.string()).min(1, 'required')),
  /** The seller's word that the phone is registered in UZIMEI (or not): asked, not assumed. */
  uzimeiRegistered: z.boolean({ error: 'required' }),
  /** The seller declares the phone is not under instalment debt (a checkbox that must be ticked). */
  noInstalmentDebt: z.literal(true, { error: 'instalmentDeclarationRequired' }),
  /** A used phone's grade (required for it); a new phone has none. */
  grade: z.preprocess(emptyAsNull, conditionGradeSchema.nullable()).default(null),
  /** Battery health in % (50-100), optional; a new phone has none. */
  battery: z.preprocess(emptyAsNull, batterySchema.nullable()).default(null),
  tarif: tariffValueSchema.default(0),
  /** The wizard step the seller was on (0 to 9). */
  step: z.coerce
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(0, 'invalidValue')
    .max(LIMITS.wizardLastStep, 'invalidValue')
    .default(LIMITS.wizardLastStep),
};

function priceWithinCurrencyLimit(form: { price?: number | null; valut?: Currency }, context: z.RefinementCtx): void {
  if (form.price != null && form.price > LISTING_PRICE_MAX[form.valut ?? 'uzs']) {
    context.addIssue({ code: 'custom', path: ['price'], message: 'priceTooHigh' });
  }
}

/** A used phone needs its grade; asked even while other fields are wrong, so the wizard's step shows every error at once. */
function usedPhoneGraded(form: { condition?: unknown; grade?: unknown }): boolean {
  return form.condition === true || !!form.grade;
}
const USED_PHONE_GRADED = {
  path: ['grade'],
  message: 'required',
  when: ({ value }: z.core.ParsePayload) => typeof value === 'object' && value !== null,
};

/**
 * The id a new listing gets, chosen by the wizard when it opens: a request sent twice (a browser
 * resends a POST whose connection dropped; the wizard saves again when an answer was lost) then
 * keeps one draft and posts one listing.
 */
const wizardListingId = z.uuid('invalidValue').optional();

/**
 * Body of `POST /api/phone` (a new listing, or a draft finished when `draftId` is given) and
 * of `PUT /api/phone/{id}` (an edit). Every step's rule of spec section 5; the device's own
 * memory and colour choices are checked with `checkDeviceChoices`. `draftId` is the wizard's
 * listing id: its draft is finished, or the listing is posted under it when no draft was kept.
 */
export const listingFormSchema = z
  .object({ ...wizardFields, draftId: wizardListingId })
  .superRefine(priceWithinCurrencyLimit)
  .superRefine((form, context) => deviceOrCustomModel(form, context))
  .refine(usedPhoneGraded, USED_PHONE_GRADED);
export type ListingForm = z.infer<typeof listingFormSchema>;
export type ListingFormInput = z.input<typeof listingFormSchema>;

/**
 * Body of `POST /api/phone/draft` and `PUT /api/phone/draft/{id}`: whatever the wizard holds
 * when the seller leaves it. Each field present is checked as in the full form; photos may
 * still be missing. `step` is where the wizard resumes; `id` (on the first save) is the wizard's listing id.
 */
export const listingDraftSchema = z
  .object({
    id: wizardListingId,
    device: wizardFields.device,
    customModel: optionalCustomModel,
    ram: optionalChoice,
    storage: optionalChoice,
    color: optionalChoice,
    price: z.preprocess(emptyAsNull, listingPriceSchema.nullable()),
    valut: wizardFields.valut,
    description: z
      .string({ error: 'invalidValue' })
      .trim()
      .max(LIMITS.descriptionMax, 'descriptionMax')
      .nullish()
      .transform((value) => value || null),
    authorName: wizardFields.authorName,
    phoneNumber: wizardFields.phoneNumber,
    telegramUsername: wizardFields.telegramUsername,
    region: z.preprocess(emptyAsNull, listingRegionSchema.nullable()),
    images: imageIdsSchema.default([]),
    condition: wizardFields.condition,
    documents: wizardFields.documents,
    delivery: wizardFields.delivery,
    imei: imeiListSchema.default([]),
    uzimeiRegistered: z.boolean({ error: 'invalidValue' }).nullish().transform((value) => value ?? null),
    noInstalmentDebt: z.boolean({ error: 'invalidValue' }).default(false),
    grade: wizardFields.grade,
    battery: wizardFields.battery,
    tarif: wizardFields.tarif,
    step: z.coerce
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(0, 'invalidValue')
      .max(LIMITS.wizardLastStep, 'invalidValue'),
  })
  .superRefine(priceWithinCurrencyLimit)
  .superRefine((form, context) => deviceOrCustomModel(form, context, true));
export type ListingDraftForm = z.infer<typeof listingDraftSchema>;
export type ListingDraftFormInput = z.input<typeof listingDraftSchema>;

/** The memory, colour and their errors after checking the wizard's choices against the device. */
export interface DeviceChoices {
  ram: string | null;
  storage: string | null;
  color: string | null;
  fields: Partial<Record<'memory' | 'color', 'required' | 'invalidValue'>>;
}

/**
 * Memory and colour as the device allows them: a device with one option gets it without
 * asking (the wizard skips the step), a device with several needs one of them, a device with
 * none stores none. With `partial` (drafts) a missing choice is not an error yet.
 */
export function checkDeviceChoices(
  device: { detailSpec: readonly SpecSection[] },
  chosen: { ram: string | null; storage: string | null; color: string | null },
  partial = false,
): DeviceChoices {
  const fields: DeviceChoices['fields'] = {};
  const memoryOptions = deviceMemoryOptions(device);
  let memory: { ram: string | null; storage: string | null } = { ram: null, storage: null };
  if (memoryOptions.length === 1) memory = memoryOptions[0];
  else if (memoryOptions.length > 1) {
    const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
    const match = memoryOptions.find((option) => same(option.ram, chosen.ram) && same(option.storage, chosen.storage));
    if (match) memory = match;
    else if (chosen.ram || chosen.storage) fields.memory = 'invalidValue';
    else if (!partial) fields.memory = 'required';
  }

  const colors = deviceColors(device);
  let color: string | null = null;
  if (colors.length === 1) color = colors[0];
  else if (colors.length > 1) {
    color = colors.find((candidate) => candidate.toLowerCase() === chosen.color?.toLowerCase()) ?? null;
    if (!color && chosen.color) fields.color = 'invalidValue';
    else if (!color && !partial) fields.color = 'required';
  }
  return { ...memory, color, fields };
}

/**
 * What a listing's condition implies, in one place for the wizard, the server and moderation's
 * comparison: a new phone (`condition` true) comes with its box and documents and has no grade or
 * battery; a used one keeps the seller's answers.
 */
export function conditionDetails<Grade, Battery>(answers: { condition: boolean; documents: boolean; grade: Grade; battery: Battery }): {
  documents: boolean;
  grade: Grade | null;
  battery: Battery | null;
} {
  return answers.condition ? { documents: true, grade: null, battery: null } : { documents: answers.documents, grade: answers.grade, battery: answers.battery };
}

/** What the wizard needs to resume a draft or open an edit: the values as the seller left them. */
export const listingFormValuesSchema = z.object({
  device: z.uuid().nullable(),
  customModel: customModelSchema.nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number().int().nullable(),
  valut: currencySchema,
  description: z.string().nullable(),
  authorName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  region: z.string().nullable(),
  /** Thumbnails, for the photo step. */
  images: z.array(listingImageSchema),
  condition: z.boolean(),
  documents: z.boolean(),
  delivery: z.boolean(),
  /** The author's own IMEIs in full (only the author and admins read this view). */
  imei: z.array(z.string()),
  uzimeiRegistered: z.boolean().nullable(),
  noInstalmentDebt: z.boolean(),
  grade: conditionGradeSchema.nullable(),
  battery: z.number().int().nullable(),
  tarif: tariffValueSchema,
  step: z.number().int(),
});
export type ListingFormValues = z.infer<typeof listingFormValuesSchema>;

/** Seen only by the author and admins: the wizard's values and why moderation refused the listing. */
export const listingOwnerViewSchema = z.object({
  form: listingFormValuesSchema,
  rejectionReason: z.string().nullable(),
});

/**
 * `GET /api/phone/{id}`. A draft has no device or photos yet, so the detail fields of a
 * draft may be placeholders: the author resumes it from `owner.form` and `owner.form.step`.
 */
export const listingDetailResponseSchema = listingDetailSchema.extend({ owner: listingOwnerViewSchema.optional() });
export type ListingDetailResponse = z.infer<typeof listingDetailResponseSchema>;

/** `POST /api/phone`, `PUT /api/phone/{id}`: the saved listing and what the balance was charged. */
export const listingSavedSchema = z.object({
  _id: z.uuid(),
  status: listingStatusSchema,
  /** So'm taken from the balance for the tariff (0 when nothing was due). */
  charged: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  /** 'E'longiz yaratildi.' after a create, or what happened to an edited listing. */
  message: translatedSchema,
});
export type ListingSaved = z.infer<typeof listingSavedSchema>;

/** `POST /api/phone/{id}/off-sale` and `/on-sale`: the text to show and the listing's new status. */
export const listingStatusChangedSchema = z.object({ message: translatedSchema, status: listingStatusSchema });
export type ListingStatusChanged = z.infer<typeof listingStatusChangedSchema>;

/** `POST /api/phone/draft`, `PUT /api/phone/draft/{id}`. */
export const listingDraftSavedSchema = z.object({ _id: z.uuid(), step: z.number().int() });
export type ListingDraftSaved = z.infer<typeof listingDraftSavedSchema>;

/** `GET /api/phone/tariffs`: the channels each tariff posts to as this site is set up (a channel without its account is left out). */
export const offeredTariffsSchema = z.object({
  tariffs: z.array(z.object({ value: tariffValueSchema, channels: z.array(socialChannelSchema) })),
});
export type OfferedTariffs = z.infer<typeof offeredTariffsSchema>;

/**
 * A paid listing's post on one channel as its seller sees it: posted (with the link), waiting
 * (with when it is due, when a platform's limit holds it back), failed (tried again), or skipped
 * with why (not set up, or given up); the platforms' own words stay with admins.
 */
export const sellerChannelPostSchema = z.object({
  state: z.enum(['posted', 'queued', 'failed', 'skipped']),
  link: z.string().nullable(),
  eta: z.string().nullable(),
  /** A skipped post's reason (a post skipped before reasons were kept has none). */
  skipped: z.enum(CHANNEL_SKIP_REASONS).optional(),
});
export type SellerChannelPost = z.infer<typeof sellerChannelPostSchema>;
/** Only the channels a post was requested for have an entry. */
export const sellerChannelPostsSchema = requestedChannelPosts(sellerChannelPostSchema);
export type SellerChannelPosts = z.infer<typeof sellerChannelPostsSchema>;

/** `GET /api/phone/my`: every listing of the caller (drafts too) and how many each tab has. */
export const myListingsSchema = z.object({
  phones: z.array(
    listingCardSchema.extend({
      rejectionReason: z.string().nullable(),
      step: z.number().int(),
      /** Off sale with its device, photos or condition changed: 'onSaleForReview' puts it back, not 'onSale'. */
      reviewDue: z.boolean(),
      channels: sellerChannelPostsSchema,
    }),
  ),
  counts: z.record(listingStatusSchema, z.number().int().nonnegative()),
});
export type MyListings = z.infer<typeof myListingsSchema>;
