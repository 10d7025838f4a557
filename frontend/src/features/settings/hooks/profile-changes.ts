import type { UserDto } from '@market/contracts';

/** The profile fields the settings cards edit as text (a choice is its id's text). */
export type ProfileField = 'username' | 'email' | 'phoneNumber' | 'name' | 'surname' | 'gender' | 'country' | 'region';
export type ProfileValues<Field extends ProfileField> = Record<Field, string>;

/** What the form shows for the stored user: an unset field is an empty input. */
export function storedValues<Field extends ProfileField>(user: UserDto, fields: readonly Field[]): ProfileValues<Field> {
  return Object.fromEntries(fields.map((field) => [field, user[field] ?? ''])) as ProfileValues<Field>;
}

/** The fields whose input differs from the stored value; surrounding spaces do not count as a change. */
export function changedFields<Field extends ProfileField>(values: ProfileValues<Field>, stored: ProfileValues<Field>): Field[] {
  return (Object.keys(stored) as Field[]).filter((field) => values[field].trim() !== stored[field].trim());
}

/**
 * Whether the phone card asks for the account's password: a borrowed session must not move the account to another
 * number. An account made in the Telegram Mini App has no password, and its number changes with the SMS code alone.
 */
export function asksCurrentPassword(user: UserDto, phoneNumber: string): boolean {
  return user.hasPassword && phoneNumber.trim() !== user.phoneNumber;
}
