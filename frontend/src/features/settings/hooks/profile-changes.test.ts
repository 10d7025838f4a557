import { describe, expect, it } from 'vitest';
import type { UserDto } from '@market/contracts';
import { asksCurrentPassword, changedFields, storedValues } from './profile-changes';

const user = {
  _id: '7d0e9c62-4bb0-4b8e-9d0e-5b0a4f2f5a11',
  role: 'user',
  username: 'ali_valiyev',
  email: null,
  phoneNumber: '998901234567',
  name: 'Ali',
  surname: null,
  country: 'uz',
  region: 'toshkent',
  gender: null,
  image: null,
  balance: 0,
  telegramUsername: null,
  profileCompleteness: 60,
  hasPassword: true,
} satisfies UserDto;

describe('settings form changes', () => {
  it('shows unset fields as empty inputs', () => {
    expect(storedValues(user, ['username', 'email'])).toEqual({ username: 'ali_valiyev', email: '' });
  });

  it('finds no change until a value differs from the stored one', () => {
    const stored = storedValues(user, ['name', 'surname']);
    expect(changedFields({ name: 'Ali', surname: '' }, stored)).toEqual([]);
    expect(changedFields({ name: ' Ali ', surname: '  ' }, stored)).toEqual([]);
    expect(changedFields({ name: 'Ali', surname: 'Valiyev' }, stored)).toEqual(['surname']);
  });

  it('counts clearing a stored value as a change', () => {
    expect(changedFields({ username: '', email: '' }, storedValues(user, ['username', 'email']))).toEqual(['username']);
  });

  it("asks for the account's password as soon as the number differs from its own, not before", () => {
    expect(asksCurrentPassword(user, '998901234567')).toBe(false);
    expect(asksCurrentPassword(user, '99893')).toBe(true);
    expect(asksCurrentPassword(user, '998931234567')).toBe(true);
  });

  it('changes the number of an account without a password (made in Telegram) with the SMS code alone', () => {
    expect(asksCurrentPassword({ ...user, hasPassword: false }, '998931234567')).toBe(false);
  });
});
