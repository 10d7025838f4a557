import { z } from 'zod';
import { imageRefSchema } from './catalogue';
import { LIMITS, PROFILE_COMPLETENESS_FIELDS } from './limits';
import { COUNTRIES } from './regions';

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Digits only: the form's mask (+998 90 123-45-67) and spaces are stripped before the length check. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A number shown to someone who may not own it (the bot's question before it links a chat): the operator code
 * and the last two digits, enough for its owner to know it and little for anyone else (+998 90 ***-**-67).
 */
export function maskedPhoneNumber(phoneNumber: string): string {
  return `+998 ${phoneNumber.slice(3, 5)} ***-**-${phoneNumber.slice(-2)}`;
}

/**
 * The operator codes of Uzbek mobile numbers (998 XX …), the only numbers an SMS reaches:
 * Beeline 90, 91; Ucell 93, 94, 50; Uzmobile 95, 99, 77; Mobiuz 97, 88; Perfectum 98;
 * Humans 33; OQ 20. Source: the two-digit mobile codes of Google's libphonenumber data for
 * UZ (which follows the ITU's numbering notices), less 92, which no operator is known to use.
 * Landline area codes (71 Tashkent, other 6x and 7x) and Uztelecom's 55 IP telephony are out.
 */
export const UZBEK_MOBILE_OPERATOR_CODES = ['20', '33', '50', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99'] as const;

/**
 * A phone number as sent by the forms, normalised to its 12 digits (998901234567). Only Uzbek
 * mobile numbers pass: the app never texts a foreign, made-up or landline number (SMS pumping).
 */
export const phoneNumberSchema = z
  .string({ error: 'required' })
  .transform(phoneDigits)
  .pipe(
    z
      .string()
      .min(1, 'required')
      .regex(new RegExp(`^\\d{${LIMITS.phoneDigits}}$`), 'completeFull')
      .regex(new RegExp(`^998(?:${UZBEK_MOBILE_OPERATOR_CODES.join('|')})`), 'phoneNotUzbekMobile'),
  );

export const passwordSchema = z.string({ error: 'required' }).min(1, 'required').min(LIMITS.passwordMin, 'minCharacters6');

/** An optional text field of the profile: trimmed, and an empty value clears it (null). */
function optionalText(rule: z.ZodType<string, string>) {
  return z
    .string({ error: 'invalidValue' })
    .trim()
    .transform((value) => value || null)
    .pipe(z.union([z.null(), rule]))
    .nullable()
    .optional();
}

export const usernameSchema = z
  .string()
  .min(3, 'minCharacters3')
  .max(30, 'maxCharacters50')
  .regex(/^[A-Za-z0-9_.]+$/, 'invalidUsername');

/** Telegram usernames are 5 to 32 letters, digits or underscores; a leading @ is dropped. */
export const telegramUsernameSchema = z
  .string()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{5,32}$/, 'invalidTelegramUsername'));

export const personNameSchema = z.string().max(50, 'maxCharacters50');

/** The user's gender (spec section 3), one of the profile completeness fields. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const COUNTRY_IDS = COUNTRIES.map((country) => country.id);

/** Whether `region` may go with `country`: one of its regions, or none for countries without a list. */
export function isRegionOfCountry(country: string | null, region: string | null): boolean {
  if (region === null) return true;
  const regions = COUNTRIES.find((candidate) => candidate.id === country)?.regions ?? [];
  return regions.some((candidate) => candidate.id === region);
}

/**
 * `PUT /api/user/{id}`: the settings cards of spec section 7, each optional. The avatar is
 * set and removed by `POST /api/upload` and `DELETE /api/uploadImg/`. A new phone number is
 * not applied at once: a code is sent to it (see confirmPhoneSchema). `currentPassword` goes
 * with a new number: the server asks for it when the person signed in has a password (an
 * account made in the Telegram Mini App has none), so a borrowed session cannot move the account.
 */
export const updateUserSchema = z.strictObject(
  {
    username: optionalText(usernameSchema),
    email: optionalText(z.email('invalidEmail').max(254, 'invalidEmail')),
    phoneNumber: phoneNumberSchema.optional(),
    name: optionalText(personNameSchema),
    surname: optionalText(personNameSchema),
    gender: optionalText(z.enum(GENDERS, 'invalidValue')),
    country: optionalText(z.string().refine((id) => COUNTRY_IDS.includes(id), 'invalidValue')),
    region: optionalText(z.string().max(50, 'invalidValue')),
    telegramUsername: optionalText(telegramUsernameSchema),
    currentPassword: z.string({ error: 'enterPassword' }).min(1, 'enterPassword').optional(),
  },
  { error: 'invalidValue' },
);
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

/** A one-time SMS code: 5 digits; the spec's forms send it as a number, so leading zeros are restored. */
export const smsCodeSchema = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'required' })
  .transform((value) => (typeof value === 'number' ? String(value).padStart(LIMITS.resetCodeDigits, '0') : value.trim()))
  .pipe(
    z
      .string()
      .min(1, 'required')
      .regex(new RegExp(`^\\d{${LIMITS.resetCodeDigits}}$`), 'completeFull'),
  );

/** `POST /api/user/{id}/confirm-phone`: the code sent to the new number. */
export const confirmPhoneSchema = z.object({ code: smsCodeSchema });

/** The user as the API shows it (spec section 3) plus the computed profile completeness. */
export const userSchema = z.object({
  _id: z.uuid(),
  role: z.enum(USER_ROLES),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  gender: z.string().nullable(),
  image: imageRefSchema.nullable(),
  balance: z.number().int().nonnegative(),
  telegramUsername: z.string().nullable(),
  profileCompleteness: z.number().int().min(0).max(100),
  /** Whether the account has a password (the settings ask for it before a new number); never the hash. */
  hasPassword: z.boolean(),
});
export type UserDto = z.infer<typeof userSchema>;

/** `PUT /api/user/{id}` answers the user; `pendingPhoneConfirmation` when a code went to a new number. */
export const updateUserResponseSchema = userSchema.extend({ pendingPhoneConfirmation: z.literal(true).optional() });
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

type ProfileField = (typeof PROFILE_COMPLETENESS_FIELDS)[number];

/** Spec section 5: 30 plus 10 for each filled field of PROFILE_COMPLETENESS_FIELDS (at most 100). */
export function profileCompleteness(user: Partial<Record<ProfileField, unknown>>): number {
  const filled = PROFILE_COMPLETENESS_FIELDS.filter((field) => {
    const value = user[field];
    return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined;
  });
  return LIMITS.profileCompletenessBase + filled.length * LIMITS.profileCompletenessPerField;
}

/** `DELETE /api/uploadImg/` (the avatar) and `DELETE /api/upload/` (a listing photo). */
export const removeImageSchema = z.object({ _id: z.uuid('invalidValue') });
