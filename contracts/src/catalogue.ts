import { z } from 'zod';
import { LIMITS } from './limits';

/*
 * The catalogue: categories (the phone brands) and the devices (phone models) a listing is
 * made for. A device's specs keep GSMArena's shape: quick specs as name/value pairs in the
 * page's order, detail specs as sections of name/value pairs.
 */

// ---------------------------------------------------------------- categories

export const categoryColorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'categoryColorInvalid');

/** The order on the categories page; forms send it as typed, so a numeric string counts too. */
const categoryNumberSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: 'categoryNumberInvalid' })
    .int('categoryNumberInvalid')
    .min(0, 'categoryNumberInvalid')
    .max(1_000_000, 'categoryNumberInvalid'),
);

/** Body of `POST /api/category` and `PUT /api/category/{id}` (the same payload, spec section 7). */
export const categoryBodySchema = z.object({
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(60, 'invalidValue'),
  color: categoryColorSchema,
  number: categoryNumberSchema,
  description: z
    .string()
    .trim()
    .max(500, 'invalidValue')
    .nullish()
    .transform((value) => value || null),
  /** The id `POST /api/uploadImg` answered with; null or absent means no image. */
  image: z.uuid('invalidValue').nullish().transform((value) => value ?? null),
  /** The brand this one is a series of (Redmi: Xiaomi); null or absent for a brand of its own. */
  parent: z.uuid('invalidValue').nullish().transform((value) => value ?? null),
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const imageRefSchema = z.object({ _id: z.string(), location: z.string() });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** A category as `GET /api/category` lists it; the create and edit calls answer the same shape. */
export const categorySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  number: z.number().int(),
  image: imageRefSchema.nullable(),
  /** The brand this one is a series of; its filter and count include this one's listings. */
  parent: z.uuid().nullable(),
  /** Active listings of the brand, its series' included ('E'lonlar' on the categories page). */
  PhonesCount: z.number().int(),
  /** Devices of the brand in the catalogue ('Qurilmalar'). */
  devicesCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------- devices

export const specEntrySchema = z.object({ name: z.string().trim().min(1), value: z.string().trim().min(1) });
export type SpecEntry = z.infer<typeof specEntrySchema>;

export const specSectionSchema = z.object({
  category: z.string().trim().min(1),
  specifications: z.array(specEntrySchema).min(1),
});
export type SpecSection = z.infer<typeof specSectionSchema>;

/** GSMArena's highlighted specs, in the page's order: the camera is the third entry (spec section 2). */
export const QUICK_SPEC_NAMES = [
  'Display size',
  'Display resolution',
  'Camera pixels',
  'Video pixels',
  'RAM size',
  'Chipset',
  'Battery size',
  'Battery type',
] as const;
export type QuickSpecName = (typeof QUICK_SPEC_NAMES)[number];

/** Where the wizard finds the memory options and the colours of a device. */
export const MEMORY_SPEC = { category: 'Memory', name: 'Internal' } as const;
export const COLORS_SPEC = { category: 'Misc', name: 'Colors' } as const;

/** The value of one detail spec entry, e.g. Memory → Internal; undefined when the device has none. */
export function detailSpecValue(
  detailSpec: readonly SpecSection[],
  where: { category: string; name: string },
): string | undefined {
  const section = detailSpec.find((candidate) => candidate.category.toLowerCase() === where.category.toLowerCase());
  return section?.specifications.find((entry) => entry.name.toLowerCase() === where.name.toLowerCase())?.value;
}

/** A device page on the spec source, e.g. 'apple_iphone_13-11103.php' or 'apple_iphone_se_(2022)-11410.php'. */
export const sourcePathSchema = z.string().regex(/^[a-z0-9_+().-]+-\d+\.php$/i, 'invalidValue');

/**
 * One device of the shipped seed data (`backend/src/devices/seed/data/<brand>.txt`, written
 * one phone per line): the brand names its category. Every entry must have the eight quick
 * specs in GSMArena's order and a Memory → Internal and Misc → Colors entry the wizard can
 * offer. No picture: the seed gives every model its brand's drawing from our own storage
 * (never a hot-linked one), and the spec refresh replaces it with the model's photo.
 */
export const seedDeviceSchema = z
  .object({
    name: z.string().trim().min(3).max(100),
    brand: z.string().trim().min(2).max(60),
    sourcePath: sourcePathSchema.optional(),
    quickSpec: z.array(specEntrySchema).length(QUICK_SPEC_NAMES.length),
    detailSpec: z.array(specSectionSchema).min(1),
  })
  .superRefine((device, context) => {
    device.quickSpec.forEach((entry, index) => {
      if (entry.name !== QUICK_SPEC_NAMES[index]) {
        context.addIssue({
          code: 'custom',
          path: ['quickSpec', index, 'name'],
          message: `expected '${QUICK_SPEC_NAMES[index]}', found '${entry.name}'`,
        });
      }
    });
    const internal = detailSpecValue(device.detailSpec, MEMORY_SPEC);
    if (!internal || parseInternalMemory(internal).length === 0) {
      context.addIssue({ code: 'custom', path: ['detailSpec'], message: 'needs Memory → Internal with storage/RAM pairs' });
    }
    const colors = detailSpecValue(device.detailSpec, COLORS_SPEC);
    if (!colors || parseColors(colors).length === 0) {
      context.addIssue({ code: 'custom', path: ['detailSpec'], message: 'needs Misc → Colors' });
    }
  });
export type SeedDevice = z.infer<typeof seedDeviceSchema>;

/** A device on the wire (spec section 3). Specs may be empty for a device an admin added until its refresh. */
export const deviceSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The category (brand) id. */
  category: z.uuid(),
  img: z.string().nullable(),
  quickSpec: z.array(specEntrySchema),
  detailSpec: z.array(specSectionSchema),
  /** When the specs were last read from the spec source (or shipped); null when never. */
  specsRefreshedAt: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * How a person types a model, normalised: 'Iphone  13 PRO' → words 'iphone 13 pro' and
 * compact 'iphone13pro', the form of the devices' search key ('Apple iPhone 13 Pro' → 'appleiphone13pro').
 */
export function deviceSearchTerms(name: string): { words: string; compact: string } {
  const words = name.toLowerCase().replace(/\s+/g, ' ').trim();
  return { words, compact: words.replace(/[^a-z0-9+]+/g, '') };
}

/** Body of `POST /api/phone/find-device`. */
export const findDeviceBodySchema = z.object({
  name: z
    .string({ error: 'deviceSearchMin' })
    .trim()
    .min(LIMITS.deviceSearchMin, 'deviceSearchMin')
    .max(100, 'invalidValue'),
});
export type FindDeviceBody = z.infer<typeof findDeviceBodySchema>;

export const findDeviceResponseSchema = z.object({ count: z.number().int(), devices: z.array(deviceSchema) });
export type FindDeviceResponse = z.infer<typeof findDeviceResponseSchema>;

/** Body of `POST /api/phone/update-device-spec`. */
export const deviceIdBodySchema = z.object({ id: z.uuid('invalidValue') });
export type DeviceIdBody = z.infer<typeof deviceIdBodySchema>;

/** Query of `GET /api/phone/searched-user-count/?id=`. */
export const deviceIdQuerySchema = deviceIdBodySchema;

export const searchedDeviceCountSchema = z.object({
  /** False when this visitor already counted this device today. */
  counted: z.boolean(),
  searchCount: z.number().int(),
});
export type SearchedDeviceCount = z.infer<typeof searchedDeviceCountSchema>;

/** How a requested spec refresh ended within the time the API waits for it. */
export const SPEC_REFRESH_OUTCOMES = ['refreshed', 'failed', 'pending'] as const;
export type SpecRefreshOutcome = (typeof SPEC_REFRESH_OUTCOMES)[number];

/**
 * Answer of `POST /api/phone/update-device-spec`: the device with its specs, fresh or the
 * stored ones; `message` (translated) tells the user when the refresh failed or is still running.
 */
export const deviceSpecRefreshSchema = deviceSchema.extend({
  refresh: z.enum(SPEC_REFRESH_OUTCOMES),
  message: z.object({ uz: z.string(), ru: z.string(), en: z.string() }).optional(),
});
export type DeviceSpecRefresh = z.infer<typeof deviceSpecRefreshSchema>;

/**
 * Answer of `GET /api/phone/device-spec-source` (admins): how the spec refresh is asking GSMArena. Times in
 * ISO 8601; `pausedUntil` is set while a refusal (429, 403) holds the refresh back, a day after five in a row.
 */
export const specSourcePacingStateSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastRefusalAt: z.string().nullable(),
  lastRefusal: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  requestsThisHour: z.number().int().nonnegative(),
  requestsPerHour: z.number().int().positive(),
});
export type SpecSourcePacingState = z.infer<typeof specSourcePacingStateSchema>;

/** Body of `POST /api/phone/device` (admins): a model missing from the catalogue; its specs come from a refresh. */
export const createDeviceBodySchema = z.object({
  name: z.string({ error: 'required' }).trim().min(3, 'minCharacters3').max(100, 'invalidValue'),
  categoryId: z.uuid('categoryNotFound'),
  /** The device's page on the spec source when the admin knows it; otherwise the refresh searches by name. */
  sourcePath: sourcePathSchema.nullish().transform((value) => value ?? null),
});
export type CreateDeviceBody = z.infer<typeof createDeviceBodySchema>;

// ---------------------------------------------------------------- parsers used by the wizard

/** One choice on the wizard's memory step. Storage is absent only on strings like '4GB RAM'. */
export interface MemoryOption {
  storage: string | null;
  ram: string | null;
}

const SIZE = String.raw`(\d+(?:\.\d+)?)\s*(TB|GB|MB)`;
/** 'storage RAM' at the start of a part; a note may follow ('256GB 8GB RAM UFS 3.1'). */
const MEMORY_PAIR = new RegExp(String.raw`^(?:${SIZE}(?!\s*RAM))?(?:\s*(?:${SIZE})\s*RAM)?(?=\s|$)`, 'i');

/** Splits at top-level separators, leaving the commas inside '(UFS 2.2, dual-lane)' alone. */
function splitOutsideParentheses(text: string, separators: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(' || character === '[') depth++;
    if ((character === ')' || character === ']') && depth > 0) depth--;
    if (depth === 0 && separators.test(character)) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts;
}

function withoutNotes(text: string): string {
  return text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
}

function size(amount: string, unit: string): string {
  return `${Number(amount)}${unit.toUpperCase()}`;
}

/**
 * The storage/RAM pairs of a Memory → Internal entry, in the page's order without repeats:
 * '64GB 4GB RAM, 128GB 6GB RAM (UFS 2.2)' → [{storage:'64GB', ram:'4GB'}, {storage:'128GB', ram:'6GB'}].
 * Notes such as 'UFS 3.1', 'eMMC 5.1' or 'microSDXC (dedicated slot)' are not memory options and are left out.
 */
export function parseInternalMemory(internal: string): MemoryOption[] {
  const options: MemoryOption[] = [];
  const seen = new Set<string>();
  for (const part of splitOutsideParentheses(internal, /[,;\n]/)) {
    const match = MEMORY_PAIR.exec(withoutNotes(part));
    if (!match) continue;
    const [, storageAmount, storageUnit, ramAmount, ramUnit] = match;
    const option: MemoryOption = {
      storage: storageAmount ? size(storageAmount, storageUnit) : null,
      ram: ramAmount ? size(ramAmount, ramUnit) : null,
    };
    const key = `${option.storage}/${option.ram}`;
    if ((!option.storage && !option.ram) || seen.has(key)) continue;
    seen.add(key);
    options.push(option);
  }
  return options;
}

/**
 * The colours of a Misc → Colors entry, without repeats: 'Black, Blue, Pink' → ['Black', 'Blue', 'Pink'].
 * Variants may also be separated by ';', '/' or ' - '; labels such as 'Samsung.com exclusive:' and
 * notes in parentheses are dropped.
 */
export function parseColors(colors: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const parts = withoutNotes(colors)
    .split(/\s+[-–—]\s+|[,;/\n]/)
    .map((part) => part.slice(part.lastIndexOf(':') + 1).trim());
  for (const part of parts) {
    const color = part.replace(/\.$/, '').trim();
    const key = color.toLowerCase();
    // A colour never starts with a digit: '8GB/128GB' after a variant is a memory note.
    if (!/^\p{L}/u.test(color) || seen.has(key)) continue;
    seen.add(key);
    found.push(color);
  }
  return found;
}

/** The wizard's memory choices and colours of a device (steps 1 and 2). */
export function deviceMemoryOptions(device: { detailSpec: readonly SpecSection[] }): MemoryOption[] {
  const internal = detailSpecValue(device.detailSpec, MEMORY_SPEC);
  return internal ? parseInternalMemory(internal) : [];
}

export function deviceColors(device: { detailSpec: readonly SpecSection[] }): string[] {
  const colors = detailSpecValue(device.detailSpec, COLORS_SPEC);
  return colors ? parseColors(colors) : [];
}
