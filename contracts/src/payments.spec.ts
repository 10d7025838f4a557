import fc from 'fast-check';
import {
  cardNumberProblem,
  cardPaymentFormSchema,
  cardPaymentOtpSchema,
  cardTypeOf,
  confirmCardPaymentSchema,
  createCardPaymentSchema,
  expireDateProblem,
  luhnValid,
  SANDBOX_TEST_CARDS,
} from './payments';
import { formatSom } from './format';
import { LANGUAGES } from './languages';
import { LIMITS } from './limits';
import { isMessageKey, MESSAGES } from './messages/index';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

/** Appends the Luhn check digit to a 15-digit body. */
function withCheckDigit(body: string): string {
  const digit = [...'0123456789'].find((candidate) => luhnValid(body + candidate))!;
  return body + digit;
}

describe('luhnValid', () => {
  it('accepts published card numbers and refuses a changed digit', () => {
    expect(luhnValid('8600069195406311')).toBe(true);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('8600069195406312')).toBe(false);
    expect(luhnValid('8600069195406321')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('8600 0691 9540 6311')).toBe(false);
  });

  it('always catches a single mistyped digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (body, position, change) => {
        const number = withCheckDigit(body);
        const typo = number.slice(0, position) + ((Number(number[position]) + change) % 10) + number.slice(position + 1);
        expect(luhnValid(typo)).toBe(false);
      }),
    );
  });
});

describe('cardTypeOf', () => {
  it('knows Uzcard by 8600 and 5614 and Humo by 9860, spaces ignored', () => {
    expect(cardTypeOf('8600 0691 9540 6311')).toBe('uzcard');
    expect(cardTypeOf('5614681005030279')).toBe('uzcard');
    expect(cardTypeOf('9860 0101 0101 0105')).toBe('humo');
  });

  it('knows no other card', () => {
    expect(cardTypeOf('4111 1111 1111 1111')).toBeNull();
    expect(cardTypeOf('')).toBeNull();
  });
});

describe('card number rules', () => {
  it('names each broken rule with the dialog message key', () => {
    expect(cardNumberProblem('')).toBe('required');
    expect(cardNumberProblem('860006919540631')).toBe('minCharacters16');
    expect(cardNumberProblem('86000691954063110')).toBe('maxCharacters16');
    expect(cardNumberProblem('8600069195406312')).toBe('cardInvalid');
    expect(cardNumberProblem('86000691954063a1')).toBe('cardInvalid');
    expect(cardNumberProblem('4111111111111111')).toBe('cardNotSupported');
    expect(cardNumberProblem('8600069195406311')).toBeNull();
  });

  it('accepts every sandbox test card', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(cardNumberProblem(card.number.replace(/\s/g, ''))).toBeNull();
  });
});

describe('card expiry rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('keeps a card valid through its expiry month', () => {
    expect(expireDateProblem('2611', now)).toBeNull();
    expect(expireDateProblem('2610', now)).toBe('cardExpired');
    expect(expireDateProblem('9903', now)).toBeNull();
  });

  it('wants four digits and a real month', () => {
    expect(expireDateProblem('', now)).toBe('required');
    expect(expireDateProblem('263', now)).toBe('maxCharacters4');
    expect(expireDateProblem('26031', now)).toBe('maxCharacters4');
    expect(expireDateProblem('2613', now)).toBe('cardExpiryInvalid');
    expect(expireDateProblem('2600', now)).toBe('cardExpiryInvalid');
  });
});

describe('createTransaction body', () => {
  const valid = { amount: 50_000, cardToken: 'tok_63119784d15d8d8d093b37b8' };

  it('takes the amount and the verified card token, and has no field for a card number or expiry', () => {
    expect(createCardPaymentSchema.parse({ ...valid, amount: '33 000' })).toEqual({ amount: 33_000, cardToken: valid.cardToken });
    expect(Object.keys(createCardPaymentSchema.shape).sort()).toEqual(['amount', 'cardToken']);
    for (const card of [{ cardNumber: '8600069195406311' }, { expireDate: '9903' }, { mmyy: '03/99' }]) {
      expect(createCardPaymentSchema.safeParse({ ...valid, ...card }).success).toBe(false);
    }
  });

  it('names the amount limits as amounts are written everywhere else, in every language', () => {
    // "1,000 so'm" in English beside "1 000 so'm" on the balance page and in the other languages.
    const written = (amount: number, language: (typeof LANGUAGES)[number]) => formatSom(amount, language).replace(/\u00a0/g, ' ');
    for (const language of LANGUAGES) {
      expect(MESSAGES.maxVal1000uzs[language]).toContain(written(LIMITS.topUpMinUzs, language));
      expect(MESSAGES.maxVal1mln[language]).toContain(written(LIMITS.topUpMaxUzs, language));
    }
  });

  it('reports the amount limits with the spec keys', () => {
    expect(fieldErrors(createCardPaymentSchema.safeParse({ ...valid, amount: 999 }))).toEqual({ amount: 'maxVal1000uzs' });
    expect(fieldErrors(createCardPaymentSchema.safeParse({ ...valid, amount: 1_000_001 }))).toEqual({ amount: 'maxVal1mln' });
    expect(fieldErrors(createCardPaymentSchema.safeParse({ ...valid, amount: 1500.5 }))).toEqual({ amount: 'invalidValue' });
    expect(fieldErrors(createCardPaymentSchema.safeParse({ ...valid, amount: '12abc' }))).toEqual({ amount: 'invalidValue' });
    expect(createCardPaymentSchema.safeParse({ ...valid, amount: 1_000 }).success).toBe(true);
    expect(createCardPaymentSchema.safeParse({ ...valid, amount: 1_000_000 }).success).toBe(true);
  });

  it('reports every missing field as required at once', () => {
    expect(fieldErrors(createCardPaymentSchema.safeParse({}))).toEqual({ amount: 'required', cardToken: 'required' });
  });

  it('uses only message keys that have texts', () => {
    const results = [
      createCardPaymentSchema.safeParse({}),
      createCardPaymentSchema.safeParse({ amount: 'x', cardToken: '' }),
      createCardPaymentSchema.safeParse({ ...valid, cardNumber: '4111111111111111' }),
      confirmCardPaymentSchema.safeParse({ transactionId: 'nope' }),
      cardPaymentOtpSchema.safeParse('12'),
    ];
    for (const message of results.flatMap((result) => Object.values(fieldErrors(result)))) {
      expect(isMessageKey(message)).toBe(true);
    }
  });
});

describe('payment dialog form', () => {
  it('validates the masked inputs with the same rules', () => {
    const result = cardPaymentFormSchema.safeParse({ cardNumber: '8600 0691 9540 631', mmyy: '13/99', amount: '500' });
    expect(fieldErrors(result)).toEqual({ cardNumber: 'minCharacters16', mmyy: 'cardExpiryInvalid', amount: 'maxVal1000uzs' });
  });
});

describe('confirmTransaction body', () => {
  const transactionId = '0b9f3a52-8d5e-4c59-9a83-0d0f2a1e6c11';

  it('takes the payment id only, and refuses a malformed one', () => {
    expect(confirmCardPaymentSchema.parse({ transactionId })).toEqual({ transactionId });
    expect(fieldErrors(confirmCardPaymentSchema.safeParse({ transactionId: 'x' }))).toEqual({ transactionId: 'invalidValue' });
    expect(fieldErrors(confirmCardPaymentSchema.safeParse({}))).toEqual({ transactionId: 'required' });
  });
});

describe('the SMS code the dialog sends to Payme', () => {
  it('takes 6 digits as text or number, and refuses another length', () => {
    expect(cardPaymentOtpSchema.parse('012345')).toBe('012345');
    expect(cardPaymentOtpSchema.parse(666666)).toBe('666666');
    expect(fieldErrors(cardPaymentOtpSchema.safeParse('12345'))).toEqual({ '': 'otpDigits6' });
  });
});
