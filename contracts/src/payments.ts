import { z } from 'zod';
import { LIMITS } from './limits';
import type { MessageKey } from './messages/index';

export interface PaymentMethod {
  id: 'uzcard' | 'payme' | 'click' | 'uzum';
  name: string;
  commissionPercent: number;
  enabled: boolean;
}

/** Spec section 9: only Uzcard/Humo takes payments today; the others are shown disabled. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 'uzcard', name: 'Uzcard / Humo', commissionPercent: 0, enabled: true },
  { id: 'payme', name: 'Payme', commissionPercent: 0.5, enabled: false },
  { id: 'click', name: 'Click', commissionPercent: 0.5, enabled: false },
  { id: 'uzum', name: 'Uzum', commissionPercent: 1, enabled: false },
];

export const CARD_TYPES = ['uzcard', 'humo'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** The national schemes' card number prefixes: Uzcard 8600 and 5614 (co-badged), Humo 9860. */
const CARD_TYPE_BY_PREFIX: Readonly<Record<string, CardType>> = { '8600': 'uzcard', '5614': 'uzcard', '9860': 'humo' };

/** A card payment must be confirmed within this time after the SMS code was sent. */
export const CARD_PAYMENT_TTL_SECONDS = 5 * 60;
export const BALANCE_HISTORY_PAGE_SIZE = 20;

/** The Luhn checksum every real card number passes; it catches a mistyped or swapped digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Uzcard or Humo by the card number's prefix (spaces ignored), or null for any other card. */
export function cardTypeOf(cardNumber: string): CardType | null {
  return CARD_TYPE_BY_PREFIX[cardNumber.replace(/\s/g, '').slice(0, 4)] ?? null;
}

/** What is wrong with a card number of digits only, as the dialog's message key; null when it is acceptable. */
export function cardNumberProblem(digits: string): MessageKey | null {
  if (!digits) return 'required';
  if (!/^\d+$/.test(digits)) return 'cardInvalid';
  if (digits.length < LIMITS.cardDigits) return 'minCharacters16';
  if (digits.length > LIMITS.cardDigits) return 'maxCharacters16';
  if (!luhnValid(digits)) return 'cardInvalid';
  if (!cardTypeOf(digits)) return 'cardNotSupported';
  return null;
}

/**
 * What is wrong with an expiry sent year then month ('YYMM', e.g. '2703' for 03/27); null when
 * acceptable. A card is valid through the last day of its expiry month.
 */
export function expireDateProblem(yymm: string, now: Date = new Date()): MessageKey | null {
  if (!yymm) return 'required';
  if (!/^\d+$/.test(yymm) || yymm.length !== LIMITS.cardExpiryDigits) return 'maxCharacters4';
  const year = 2000 + Number(yymm.slice(0, 2));
  const month = Number(yymm.slice(2));
  if (month < 1 || month > 12) return 'cardExpiryInvalid';
  const currentMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return year * 12 + month < currentMonths ? 'cardExpired' : null;
}

/** The dialog's 'MM/YY' input reordered as the API's 'YYMM'; anything but 4 digits is passed on to fail validation. */
export function mmyyToExpireDate(mmyy: string): string {
  const digits = mmyy.replace(/\D/g, '');
  return digits.length === LIMITS.cardExpiryDigits ? digits.slice(2) + digits.slice(0, 2) : digits;
}

function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export const cardNumberSchema = z
  .string({ error: 'required' })
  .transform(digitsOf)
  .superRefine((digits, context) => {
    const problem = cardNumberProblem(digits);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Expiry as the dialog's masked input holds it: month then year, 'MM/YY'. */
export const cardExpiryMmyySchema = z
  .string({ error: 'required' })
  .transform(mmyyToExpireDate)
  .superRefine((yymm, context) => {
    const problem = expireDateProblem(yymm);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A top-up amount in whole so'm; the dialog may send the masked text ('33 000'). */
export const topUpAmountSchema = z
  .union([z.number(), z.string()], { error: 'required' })
  .transform((value, context) => {
    const text = typeof value === 'string' ? value.replace(/\s/g, '') : String(value);
    if (!text) {
      context.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    const amount = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(amount)) {
      context.addIssue({ code: 'custom', message: 'invalidValue' });
      return z.NEVER;
    }
    return amount;
  })
  .pipe(z.number().min(LIMITS.topUpMinUzs, 'maxVal1000uzs').max(LIMITS.topUpMaxUzs, 'maxVal1mln'));

/** The payment dialog's step 1 as its inputs hold it. */
export const cardPaymentFormSchema = z.object({
  cardNumber: cardNumberSchema,
  mmyy: cardExpiryMmyySchema,
  amount: topUpAmountSchema,
});

/** A card token that Payme issued to the browser (cards.create) and verified with the SMS code (cards.verify). */
const cardTokenSchema = z.string({ error: 'required' }).min(1, 'required').max(4_000, 'invalidValue');

/**
 * `POST /api/payments/uzcard/createTransaction`: the amount and the verified card token. The card
 * number and expiry go from the browser to Payme only (cards.*); this body has no field for them,
 * and a body that carries one is refused.
 */
export const createCardPaymentSchema = z.strictObject({ amount: topUpAmountSchema, cardToken: cardTokenSchema }, { error: 'invalidValue' });
export type CreateCardPayment = z.output<typeof createCardPaymentSchema>;

/** `POST /api/payments/uzcard/confirmTransaction`: takes the money of a created payment; repeating it changes nothing. */
export const confirmCardPaymentSchema = z.object({
  transactionId: z.string({ error: 'required' }).pipe(z.uuid('invalidValue')),
});
export type ConfirmCardPayment = z.output<typeof confirmCardPaymentSchema>;

/** The SMS code the dialog sends to Payme's cards.verify. */
export const cardPaymentOtpSchema = z
  .union([z.string(), z.number()], { error: 'required' })
  .transform((value) => String(value).trim())
  .refine((otp) => new RegExp(`^\\d{${LIMITS.cardOtpDigits}}$`).test(otp), 'otpDigits6');

export const cardPaymentStartedSchema = z.object({ result: z.object({ transactionId: z.uuid() }) });
export type CardPaymentStarted = z.infer<typeof cardPaymentStartedSchema>;

/** Why Payme refused a payment or could not answer, as the message key the payer reads. */
export const CARD_PAYMENT_FAILURES = [
  'cardInvalid',
  'paymentInsufficientFunds',
  'paymentSmsNotConnected',
  'paymentRefused',
  'paymentCancelled',
  'paymentExpired',
  'paymentGatewayUnavailable',
  'paymentGatewayTimeout',
] as const satisfies readonly MessageKey[];
export type CardPaymentFailure = (typeof CARD_PAYMENT_FAILURES)[number];

const paymentConfirmedSchema = z.object({ status: z.literal('confirmed'), amount: z.number().int().positive() });
/** Payme is working on it (a confirmation or the re-check is at Payme, or its receipt is not paid yet): follow it. */
const paymentProcessingSchema = z.object({ status: z.literal('processing') });

/**
 * `POST /api/payments/uzcard/confirmTransaction`: confirmed with the so'm credited, or, when Payme
 * has not answered within a few seconds, processing (the dialog then follows the payment's state);
 * a refusal is an error answer.
 */
export const cardPaymentConfirmedSchema = z.object({ result: z.discriminatedUnion('status', [paymentConfirmedSchema, paymentProcessingSchema]) });
export type CardPaymentConfirmed = z.infer<typeof cardPaymentConfirmedSchema>;

/**
 * `GET /api/payments/uzcard/transactions/:transactionId`: where the payer's payment stands. `pending`:
 * the last call to Payme ended with no outcome, and it may be confirmed again; `failed` names why.
 */
export const cardPaymentStateSchema = z.object({
  result: z.discriminatedUnion('status', [
    paymentConfirmedSchema,
    paymentProcessingSchema,
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('failed'), reason: z.enum(CARD_PAYMENT_FAILURES) }),
  ]),
});
export type CardPaymentState = z.infer<typeof cardPaymentStateSchema>;

/** 'slow': paid, but only after SANDBOX_SLOW_PAY_MS, longer than a confirmation waits: its answer is 'processing'. */
export const SANDBOX_CARD_OUTCOMES = ['success', 'insufficientFunds', 'blocked', 'slow'] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

export interface SandboxTestCard {
  /** Grouped 4×4 as printed on the card. */
  number: string;
  /** As the dialog's mask shows it: MM/YY. */
  expiry: string;
  outcome: SandboxCardOutcome;
}

/**
 * The cards the sandbox gateway accepts (used without gateway credentials; in production only with
 * PAYMENTS_SANDBOX=true).
 * The first two are Payme's published test cards; the rest are Luhn-valid numbers of ours that
 * act out the provider's refusals. Every sandbox payment is confirmed by SANDBOX_OTP.
 */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '8600 0691 9540 6311', expiry: '03/99', outcome: 'success' },
  { number: '8600 4954 7331 6478', expiry: '03/99', outcome: 'success' },
  { number: '9860 0101 0101 0105', expiry: '03/99', outcome: 'success' },
  { number: '8600 1111 1111 1110', expiry: '03/99', outcome: 'insufficientFunds' },
  { number: '9860 2222 2222 2226', expiry: '03/99', outcome: 'blocked' },
  { number: '8600 3333 3333 3336', expiry: '03/99', outcome: 'slow' },
];
/** How long the sandbox takes to pay with its 'slow' test card. */
export const SANDBOX_SLOW_PAY_MS = 6_000;
/** Payme's test environment confirms every test payment with this code. */
export const SANDBOX_OTP = '666666';

/**
 * Payme's public offer, which Payme's card-form rules ask the form to link to (with Payme's logo);
 * check the address with Payme Business before launch.
 */
export const PAYME_OFFER_URL = 'https://cdn.payme.uz/terms/main.html';

/**
 * Where the dialog sends the card (Payme's cards.create, cards.get_verify_code, cards.verify, from
 * the browser), authenticated by the cashbox id alone, and Payme's offer the form links to.
 */
export const cardCheckoutSchema = z.object({ url: z.string(), cashboxId: z.string(), offerUrl: z.string() });
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/**
 * `GET /api/payments/uzcard/mode`: where the browser sends the card, and whether payments are
 * simulated, so the dialog can say so. Only the sandbox names its test cards and code.
 */
export const cardGatewayModeSchema = z.discriminatedUnion('sandbox', [
  z.object({
    sandbox: z.literal(true),
    checkout: cardCheckoutSchema,
    testCards: z.array(z.object({ number: z.string(), expiry: z.string(), outcome: z.enum(SANDBOX_CARD_OUTCOMES) })),
    otp: z.string(),
  }),
  z.strictObject({ sandbox: z.literal(false), checkout: cardCheckoutSchema }),
]);
export type CardGatewayMode = z.infer<typeof cardGatewayModeSchema>;

/** Promotions (issue 39) are charged under their product's kind, so the history names what was bought. */
export const BALANCE_ENTRY_KINDS = ['topUp', 'listingCharge', 'liftCharge', 'top3Charge', 'top7Charge', 'channelRepostCharge', 'promotionRefund'] as const;
export const balanceEntryKindSchema = z.enum(BALANCE_ENTRY_KINDS);
export type BalanceEntryKind = z.infer<typeof balanceEntryKindSchema>;

/** Message key naming each kind of ledger entry in the balance history. */
export const BALANCE_ENTRY_LABELS: Readonly<Record<BalanceEntryKind, MessageKey>> = {
  topUp: 'balanceTopUp',
  listingCharge: 'balanceListingCharge',
  liftCharge: 'promotionLift',
  top3Charge: 'promotionTop3',
  top7Charge: 'promotionTop7',
  channelRepostCharge: 'promotionChannelRepost',
  promotionRefund: 'promotionRefund',
};

export const balanceEntrySchema = z.object({
  _id: z.uuid(),
  /** Signed whole so'm: a top-up is positive, a listing charge negative. */
  amount: z.number().int(),
  kind: balanceEntryKindSchema,
  /** The card payment's transaction id, the charged listing's id or the promotion's id. */
  reference: z.string(),
  createdAt: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

/** `GET /api/user/balance-history?page=`: newest first. */
export const balanceHistorySchema = z.object({
  entries: z.array(balanceEntrySchema),
  pages: z.number().int(),
  total: z.number().int(),
});
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

export const balanceHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').default(1),
});

/** `GET /api/admin/payments/unresolved`: card payments still not final an hour after they started, oldest first. */
export const unresolvedPaymentsSchema = z.object({
  payments: z.array(
    z.object({
      id: z.uuid(),
      userId: z.uuid(),
      /** Whole so'm. */
      amount: z.number().int().positive(),
      status: z.enum(['pending', 'confirming', 'settling']),
      /** Payme's receipt id, to look the payment up in Payme Business. */
      receipt: z.string(),
      createdAt: z.iso.datetime(),
      /** When the workers last asked Payme; null before their first check. */
      checkedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type UnresolvedPayments = z.infer<typeof unresolvedPaymentsSchema>;

/**
 * Payme's documented refusals of a card or its code (cards.*), which the payer reads in our words
 * (and under the field they concern); any other code the payer reads in Payme's own words.
 */
export const PAYME_CARD_REFUSALS: Readonly<Record<number, MessageKey>> = {
  [-31101]: 'paymentCodeExpired',
  [-31102]: 'paymentTooManyAttempts',
  [-31103]: 'paymentWrongCode',
  [-31300]: 'cardInvalid',
  [-31301]: 'paymentSmsNotConnected',
};
