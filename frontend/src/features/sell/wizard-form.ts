import {
  batterySchema,
  checkDeviceChoices,
  conditionDetails,
  imeiSchema,
  groupDigitsAsTyped,
  LIMITS,
  listingFormSchema,
  type ConditionGrade,
  type Currency,
  type CustomModel,
  type Device,
  type ListingDraftFormInput,
  type ListingFormInput,
  type ListingFormValues,
  type MessageKey,
  type ReviewedListing,
} from '@market/contracts';
import { fieldsOfStep, LAST_STEP, STEP, stepOfField } from './wizard-steps';

/** What the wizard's inputs hold; the contracts' schemas turn it into the listing form. */
export interface WizardValues {
  device: Device | null;
  /** 'Boshqa model': a model the catalogue lacks, typed within a brand (brand '' until chosen); null with a device. */
  customModel: CustomModel | null;
  ram: string | null;
  storage: string | null;
  color: string | null;
  /** As typed: digits and a dot. */
  price: string;
  valut: Currency;
  description: string;
  authorName: string;
  /** Admins only: the digits of the masked field. */
  phoneNumber: string;
  telegramUsername: string;
  /** Also write the contact name and Telegram username to the seller's profile. */
  updateProfile: boolean;
  region: string;
  /** true: new, false: used. */
  condition: boolean;
  documents: boolean;
  delivery: boolean;
  /** The IMEI fields as typed: the first, and the second of a dual-SIM phone. */
  imei: [string, string];
  /** Not answered yet: null. */
  uzimeiRegistered: boolean | null;
  noInstalmentDebt: boolean;
  /** A used phone's grade and battery health (% as typed). */
  grade: ConditionGrade | null;
  battery: string;
  tarif: 0 | 1;
}

export type StepErrors = Partial<Record<string, MessageKey>>;

interface Seller {
  name: string | null;
  phoneNumber: string;
  telegramUsername: string | null;
  isAdmin: boolean;
}

/** A fresh wizard (spec section 4): used, so'm, the seller's own contact details, the basic tariff. */
export function initialValues(seller: Seller): WizardValues {
  return {
    device: null,
    customModel: null,
    ram: null,
    storage: null,
    color: null,
    price: '',
    valut: 'uzs',
    description: '',
    authorName: seller.name ?? '',
    phoneNumber: seller.isAdmin ? seller.phoneNumber : '',
    telegramUsername: seller.telegramUsername ?? '',
    // Admins often post for someone else: their own profile stays as it is unless they ask.
    updateProfile: !seller.isAdmin,
    region: '',
    condition: false,
    documents: false,
    delivery: false,
    imei: ['', ''],
    uzimeiRegistered: null,
    noInstalmentDebt: false,
    grade: null,
    battery: '',
    tarif: 0,
  };
}

/** A draft or listing back in the wizard, with its device (null when it has none or it is gone). */
export function valuesFromListing(form: ListingFormValues, device: Device | null, seller: Seller): WizardValues {
  return {
    device,
    customModel: form.customModel,
    ram: form.ram,
    storage: form.storage,
    color: form.color,
    price: form.price === null ? '' : groupDigitsAsTyped(String(form.price)).text,
    valut: form.valut,
    description: form.description ?? '',
    authorName: form.authorName ?? seller.name ?? '',
    phoneNumber: seller.isAdmin ? (form.phoneNumber ?? seller.phoneNumber) : '',
    telegramUsername: form.telegramUsername ?? '',
    updateProfile: !seller.isAdmin,
    region: form.region ?? '',
    condition: form.condition,
    documents: form.documents,
    delivery: form.delivery,
    imei: [form.imei[0] ?? '', form.imei[1] ?? ''],
    uzimeiRegistered: form.uzimeiRegistered,
    noInstalmentDebt: form.noInstalmentDebt,
    grade: form.grade,
    battery: form.battery === null ? '' : String(form.battery),
    tarif: form.tarif,
  };
}

/** The description as typed, cut at the maximum; `cut` tells the wizard to say so. */
export function descriptionAsTyped(text: string): { description: string; cut: boolean } {
  return text.length > LIMITS.descriptionMax
    ? { description: text.slice(0, LIMITS.descriptionMax), cut: true }
    : { description: text, cut: false };
}

/** The masked field holds '998' before anything is typed: that is no number (the listing shows the seller's own). */
function typedPhone(values: WizardValues, isAdmin: boolean): string | undefined {
  return isAdmin && values.phoneNumber.length > 3 ? values.phoneNumber : undefined;
}

interface PayloadContext {
  isAdmin: boolean;
  /** Ids of the uploaded photos, in the seller's order. */
  images: string[];
  step: number;
}

/** Body of `POST /api/phone` and `PUT /api/phone/{id}`. */
export function listingFormInput(values: WizardValues, context: PayloadContext & { draftId?: string | null }): ListingFormInput {
  return {
    device: values.device?._id ?? '',
    customModel: values.customModel,
    ram: values.ram,
    storage: values.storage,
    color: values.color,
    price: values.price,
    valut: values.valut,
    description: values.description,
    authorName: values.authorName,
    phoneNumber: typedPhone(values, context.isAdmin),
    telegramUsername: values.telegramUsername,
    updateProfile: values.updateProfile,
    region: values.region,
    images: context.images,
    condition: values.condition,
    ...conditionDetails(values),
    delivery: values.delivery,
    imei: values.imei,
    // Unanswered (null) and unticked are sent as they are: the schema refuses them with their messages.
    uzimeiRegistered: values.uzimeiRegistered as boolean,
    noInstalmentDebt: values.noInstalmentDebt as true,
    tarif: values.tarif,
    step: context.step,
    ...(context.draftId ? { draftId: context.draftId } : {}),
  };
}

/** What moderation approves of the wizard's listing, stored as the server stores it (a new phone has its box and documents). */
export function reviewedOf(values: WizardValues, images: string[]): ReviewedListing {
  const { documents, grade } = conditionDetails(values);
  return {
    // A typed model with its brand stands for the device, as the server compares them.
    device: values.device?._id ?? (values.customModel ? `${values.customModel.brand} ${values.customModel.name.trim()}` : null),
    ram: values.ram,
    storage: values.storage,
    color: values.color,
    condition: values.condition,
    documents,
    grade,
    imei: values.imei.filter(Boolean),
    images,
    authorName: values.authorName.trim(),
    telegramUsername: values.telegramUsername.trim(),
  };
}

/** Body of the draft calls: whatever is filled in so far (an IMEI or battery still being typed is left out). */
export function listingDraftInput(values: WizardValues, context: PayloadContext): ListingDraftFormInput {
  const { updateProfile: _notKept, draftId: _none, ...form } = listingFormInput(values, context);
  return {
    ...form,
    device: values.device?._id ?? null,
    imei: values.imei.filter((imei) => imeiSchema.safeParse(imei).success),
    uzimeiRegistered: values.uzimeiRegistered,
    noInstalmentDebt: values.noInstalmentDebt,
    battery: batterySchema.safeParse(form.battery).success ? form.battery : null,
    step: context.step,
  };
}

/** The message keys of what is wrong on `step`, by field, checked with the server's own schema. */
export function stepErrors(step: number, values: WizardValues, context: PayloadContext): StepErrors {
  const errors: StepErrors = {};
  if (step === STEP.memory || step === STEP.color) {
    // A typed model ('Boshqa model') has no memory or colour to choose.
    if (!values.device) return values.customModel ? errors : { device: 'required' };
    const { fields } = checkDeviceChoices(values.device, values);
    const field = step === STEP.memory ? 'memory' : 'color';
    if (fields[field]) errors[field] = fields[field];
    return errors;
  }
  const result = listingFormSchema.safeParse(listingFormInput(values, context));
  if (result.success) return errors;
  const fields = fieldsOfStep(step);
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    // Each IMEI field has its own error ('imei.1'), as the server names it.
    const key = field === 'imei' && issue.path.length > 1 ? issue.path.join('.') : field;
    if (fields.includes(field)) errors[key] ??= issue.message as MessageKey;
  }
  return errors;
}

/** The first step with something missing or wrong, and its errors; null when the listing can be posted. */
export function firstInvalidStep(values: WizardValues, context: PayloadContext): { step: number; errors: StepErrors } | null {
  for (let step = 0; step <= LAST_STEP; step += 1) {
    const errors = stepErrors(step, values, context);
    if (Object.keys(errors).length) return { step, errors };
  }
  return null;
}

/** Where the server's field errors of a refused listing are asked for: the earliest such step. */
export function stepOfServerFields(fields: Record<string, string>): number | null {
  const steps = Object.keys(fields).map(stepOfField);
  return steps.length ? Math.min(...steps) : null;
}
