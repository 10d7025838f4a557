import { authSchema, checkSmsCodeSchema, registerSchema } from './auth';
import { maskedPhoneNumber, phoneNumberSchema, profileCompleteness, updateUserSchema, UZBEK_MOBILE_OPERATOR_CODES } from './user';

describe('account rules', () => {
  it('keeps only the digits of a phone number and wants all 12', () => {
    expect(phoneNumberSchema.parse('+998 (90) 123-45-67')).toBe('998901234567');
    expect(phoneNumberSchema.safeParse('+998 90 123-45').error?.issues[0].message).toBe('completeFull');
    expect(phoneNumberSchema.safeParse('').error?.issues[0].message).toBe('required');
    expect(phoneNumberSchema.safeParse(undefined).error?.issues[0].message).toBe('required');
  });

  it('accepts only Uzbek mobile numbers, which an SMS reaches: 998 and an operator code', () => {
    for (const code of UZBEK_MOBILE_OPERATOR_CODES) expect(phoneNumberSchema.parse(`+998 ${code} 123-45-67`)).toBe(`998${code}1234567`);
    // A UK mobile, a made-up number, a Tashkent landline, an unused operator code.
    for (const number of ['447911123456', '000000000000', '+998 71 123-45-67', '998001000001']) {
      expect(phoneNumberSchema.safeParse(number).error?.issues[0].message).toBe('phoneNotUzbekMobile');
    }
  });

  it('masks a number to its operator code and last two digits', () => {
    expect(maskedPhoneNumber('998901234567')).toBe('+998 90 ***-**-67');
  });

  it('restores the leading zeros of a code sent as a number', () => {
    expect(checkSmsCodeSchema.parse({ phoneNumber: '998901234567', code: 1234 }).code).toBe('01234');
    expect(checkSmsCodeSchema.parse({ phoneNumber: '998901234567', code: ' 54321 ' }).code).toBe('54321');
    expect(checkSmsCodeSchema.safeParse({ phoneNumber: '998901234567', code: '123' }).error?.issues[0].message).toBe('completeFull');
  });

  it('accepts a 5-digit one-time code as the sign-in password', () => {
    expect(authSchema.safeParse({ phoneNumber: '998901234567', password: '12345' }).success).toBe(true);
    expect(authSchema.safeParse({ phoneNumber: '998901234567', password: '' }).error?.issues[0].message).toBe('required');
  });

  it('asks for the terms agreement and matching passwords at registration', () => {
    const result = registerSchema.safeParse({ name: 'Ali', phoneNumber: '998901234567', password: 'secret1', confirmPassword: 'secret2', agree: false });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ agree: 'agreeToTerms' });
    const mismatch = registerSchema.safeParse({ name: 'Ali', phoneNumber: '998901234567', password: 'secret1', confirmPassword: 'secret2', agree: true });
    expect(mismatch.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', 'passwordsNotMatch']]);
  });

  it('takes the current password with a new phone number, and asks for it when empty', () => {
    expect(updateUserSchema.parse({ phoneNumber: '+998 90 123-45-67', currentPassword: ' secret 1 ' })).toEqual({ phoneNumber: '998901234567', currentPassword: ' secret 1 ' });
    expect(updateUserSchema.safeParse({ phoneNumber: '998901234567', currentPassword: '' }).error?.issues[0]).toMatchObject({ path: ['currentPassword'], message: 'enterPassword' });
  });

  it('turns an emptied settings field into null and drops the @ of a Telegram username', () => {
    expect(updateUserSchema.parse({ username: '  ', telegramUsername: '@seller_uz' })).toEqual({ username: null, telegramUsername: 'seller_uz' });
    expect(updateUserSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('computes the profile completeness as 30 plus 10 for each filled field', () => {
    expect(profileCompleteness({})).toBe(30);
    expect(profileCompleteness({ phoneNumber: '998901234567', email: ' ', name: 'Ali', image: null })).toBe(50);
    expect(
      profileCompleteness({
        email: 'a@b.uz',
        phoneNumber: '998901234567',
        name: 'Ali',
        surname: 'Valiyev',
        country: 'uz',
        image: { _id: 'x', location: 'https://x' },
        gender: 'male',
      }),
    ).toBe(100);
  });
});
