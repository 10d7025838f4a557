import type { Translated } from '../languages';

/** Card top-up and balance ledger: the dialog's field errors, the provider's refusals, the sandbox label. */
export const PAYMENT_MESSAGES = {
  cardInvalid: { uz: "Karta raqami noto'g'ri", ru: 'Неверный номер карты', en: 'The card number is invalid' },
  cardNotSupported: {
    uz: 'Faqat Uzcard va Humo kartalari qabul qilinadi',
    ru: 'Принимаются только карты Uzcard и Humo',
    en: 'Only Uzcard and Humo cards are accepted',
  },
  cardExpiryInvalid: {
    uz: "Amal qilish muddati noto'g'ri",
    ru: 'Неверный срок действия карты',
    en: 'The expiry date is invalid',
  },
  cardExpired: {
    uz: 'Kartaning amal qilish muddati tugagan',
    ru: 'Срок действия карты истёк',
    en: 'The card has expired',
  },
  otpDigits6: { uz: '6 xonali kodni kiriting', ru: 'Введите 6-значный код', en: 'Enter the 6-digit code' },
  paymentWrongCode: {
    uz: "Tasdiqlash kodi noto'g'ri",
    ru: 'Неверный код подтверждения',
    en: 'The confirmation code is wrong',
  },
  paymentCodeExpired: {
    uz: "Tasdiqlash kodining muddati tugagan. To'lovni qaytadan boshlang",
    ru: 'Срок действия кода истёк. Начните оплату заново',
    en: 'The confirmation code has expired. Please start the payment again',
  },
  paymentTooManyAttempts: {
    uz: "Kod juda ko'p marta noto'g'ri kiritildi. To'lovni qaytadan boshlang",
    ru: 'Код введён неверно слишком много раз. Начните оплату заново',
    en: 'The code was entered wrongly too many times. Please start the payment again',
  },
  paymentInsufficientFunds: {
    uz: "Kartada mablag' yetarli emas",
    ru: 'Недостаточно средств на карте',
    en: 'There are not enough funds on the card',
  },
  paymentCardBlocked: {
    uz: 'Karta bloklangan yoki SMS-xabarnoma ulanmagan',
    ru: 'Карта заблокирована или к ней не подключено SMS-информирование',
    en: 'The card is blocked or has no SMS notifications',
  },
  paymentSmsNotConnected: {
    uz: 'Kartaga SMS-xabarnoma ulanmagan. Uni bankingizda ulang yoki boshqa kartadan foydalaning',
    ru: 'К карте не подключено SMS-информирование. Подключите его в банке или используйте другую карту',
    en: 'The card has no SMS notifications. Turn them on at your bank or use another card',
  },
  // Shown only when Payme gave no wording of its own; otherwise the payer reads Payme's message.
  paymentRefused: {
    uz: "Payme to'lovni rad etdi",
    ru: 'Payme отклонил платёж',
    en: 'Payme declined the payment',
  },
  paymentCancelled: {
    uz: "To'lov bekor qilindi, mablag' kartaga qaytariladi",
    ru: 'Платёж отменён, деньги вернутся на карту',
    en: 'The payment was cancelled; the money goes back to the card',
  },
  paymentProcessing: {
    uz: "To'lov Payme'da tekshirilmoqda. Tasdiqlangach, balansingiz to'ldiriladi",
    ru: 'Платёж проверяется в Payme. Баланс пополнится, как только он будет подтверждён',
    en: 'Payme is still processing the payment. Your balance is topped up as soon as it is confirmed',
  },
  paymentGatewayUnavailable: {
    uz: "To'lov tizimi vaqtincha ishlamayapti. Keyinroq urinib ko'ring",
    ru: 'Платёжная система временно недоступна. Попробуйте позже',
    en: 'The payment system is temporarily unavailable. Please try again later',
  },
  paymentGatewayTimeout: {
    uz: "To'lov tizimi javob bermadi. Birozdan keyin qayta urinib ko'ring",
    ru: 'Платёжная система не ответила. Повторите попытку чуть позже',
    en: 'The payment system did not answer. Please try again shortly',
  },
  paymentExpired: {
    uz: "To'lov muddati tugadi. Qaytadan boshlang",
    ru: 'Время на оплату истекло. Начните заново',
    en: 'The payment has expired. Please start again',
  },
  paymentNotFound: { uz: "To'lov topilmadi", ru: 'Платёж не найден', en: 'Payment not found' },
  paymentTestCardsOnly: {
    uz: 'Sinov rejimida faqat test kartalari qabul qilinadi',
    ru: 'В тестовом режиме принимаются только тестовые карты',
    en: 'Sandbox mode accepts test cards only',
  },
  paymentSandbox: {
    uz: 'Sinov rejimi: kartadan haqiqiy pul yechilmaydi',
    ru: 'Тестовый режим: реальные деньги с карты не списываются',
    en: 'Sandbox mode: no real money is taken from the card',
  },
  paymentSuccess: {
    uz: "To'lov muvaffaqiyatli amalga oshirildi",
    ru: 'Оплата прошла успешно',
    en: 'The payment was successful',
  },
  balanceTopUp: { uz: "Balansni to'ldirish", ru: 'Пополнение баланса', en: 'Balance top-up' },
  balanceListingCharge: { uz: "E'lon uchun to'lov", ru: 'Оплата объявления', en: 'Listing payment' },
} as const satisfies Record<string, Translated>;
