import type { Translated } from '../languages';

export const MODERATION_MESSAGES = {
  listingIncomplete: {
    uz: "E'lon hali to'liq to'ldirilmagan (qoralama)",
    ru: 'Объявление ещё не заполнено (черновик)',
    en: 'The listing is not complete yet (a draft)',
  },
  /** An edit of a listing on sale whose checks score REVIEW_THRESHOLD (issue 35); the reason is one of the review* below. */
  listingSentBackToReview: {
    uz: "O'zgarishlar saqlandi, e'lon qayta tekshiruvga yuborildi: {{reason}}",
    ru: 'Изменения сохранены, объявление отправлено на повторную проверку: {{reason}}',
    en: 'Your changes were saved and the listing was sent for review again: {{reason}}',
  },
  reviewCardNumber: { uz: 'matnda karta raqami bor', ru: 'в тексте номер карты', en: 'the text has a card number' },
  reviewContacts: {
    uz: "matnda telefon raqami, havola yoki Telegram bor (ularni aloqa maydonlariga yozing)",
    ru: 'в тексте телефон, ссылка или Telegram (укажите их в полях для связи)',
    en: 'the text has a phone number, a link or a Telegram handle (put them in the contact fields)',
  },
  reviewWording: { uz: "matnda oldindan to'lov so'ralgan", ru: 'в тексте просят предоплату', en: 'the text asks for prepayment' },
  reviewBaitPrice: { uz: "narx o'xshash telefonlarnikidan ancha past", ru: 'цена намного ниже похожих телефонов', en: 'the price is far below similar phones' },
  reviewImei: { uz: "bu IMEI boshqa e'londa bor", ru: 'этот IMEI есть в другом объявлении', en: 'this IMEI is in another listing' },
  reviewOther: { uz: "moderatorlar e'lonni ko'rib chiqadi", ru: 'модераторы проверят объявление', en: 'the moderators will look at it' },
} as const satisfies Record<string, Translated>;
