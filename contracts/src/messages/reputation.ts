import type { Translated } from '../languages';

/** Deals and reviews (issue 38). */
export const REPUTATION_MESSAGES = {
  dealNotFound: { uz: 'Bitim topilmadi', ru: 'Сделка не найдена', en: 'Deal not found' },
  dealBuyerNotInConversation: {
    uz: "Xaridor bu e'lon haqida siz bilan yozishgan bo'lishi kerak",
    ru: 'Покупатель должен был переписываться с вами об этом объявлении',
    en: 'The buyer must have exchanged messages with you about this listing',
  },
  dealAlreadyAnswered: { uz: 'Bitimga javob berilgan', ru: 'На сделку уже ответили', en: 'The deal was already answered' },
  dealConfirmed: { uz: 'Xarid tasdiqlandi', ru: 'Покупка подтверждена', en: 'Purchase confirmed' },
  dealDeclined: { uz: 'Javobingiz qabul qilindi', ru: 'Ответ принят', en: 'Your answer was recorded' },
  reviewNotAllowed: {
    uz: "Sharhni faqat tasdiqlangan bitimdan keyin 30 kun ichida yozish mumkin",
    ru: 'Отзыв можно оставить только в течение 30 дней после подтверждённой сделки',
    en: 'A review can only be written within 30 days of a confirmed deal',
  },
  reviewAlreadyWritten: { uz: 'Siz bu bitim haqida sharh yozgansiz', ru: 'Вы уже оставили отзыв об этой сделке', en: 'You have already reviewed this deal' },
  reviewWritten: {
    uz: "Sharh saqlandi. U ikkinchi tomon ham yozganda yoki 14 kundan keyin ko'rinadi",
    ru: 'Отзыв сохранён. Он появится, когда вторая сторона тоже напишет, или через 14 дней',
    en: 'Review saved. It appears once the other side has written theirs, or after 14 days',
  },
  reviewNotFound: { uz: 'Sharh topilmadi', ru: 'Отзыв не найден', en: 'Review not found' },
  reviewStarsRequired: { uz: 'Bahoni tanlang: 1 dan 5 gacha', ru: 'Выберите оценку от 1 до 5', en: 'Choose a rating from 1 to 5' },
  reviewTextTooLong: { uz: "Eng ko'pi 500 ta belgi", ru: 'Не более 500 символов', en: 'At most 500 characters' },
  reviewTextContacts: {
    uz: "Sharhda telefon, havola yoki kontaktlar bo'lmasligi kerak",
    ru: 'В отзыве не должно быть телефонов, ссылок и контактов',
    en: 'A review must not contain phone numbers, links or contacts',
  },
  reviewTextPrepayment: {
    uz: "Sharhda oldindan to'lov haqida yozib bo'lmaydi",
    ru: 'В отзыве нельзя писать о предоплате',
    en: 'A review must not ask for prepayment',
  },
  reviewReplyNotAllowed: {
    uz: "Faqat siz haqingizdagi ko'rsatilgan sharhga bir marta javob berish mumkin",
    ru: 'Ответить можно один раз и только на показанный отзыв о вас',
    en: 'You can reply once, and only to a shown review about you',
  },
  reviewReplied: { uz: 'Javobingiz saqlandi', ru: 'Ответ сохранён', en: 'Your reply was saved' },
  reviewReported: {
    uz: 'Shikoyatingiz qabul qilindi. Moderatorlar sharhni tekshiradi',
    ru: 'Жалоба принята. Модераторы проверят отзыв',
    en: 'Your report was received. The moderators will check the review',
  },
  reviewRemoved: { uz: "Sharh o'chirildi", ru: 'Отзыв удалён', en: 'Review removed' },
  dealCleared: { uz: 'Bitim tekshirildi: sharhlar hisobga olinadi', ru: 'Сделка проверена: отзывы учитываются', en: 'Deal cleared: its reviews count' },
} as const satisfies Record<string, Translated>;
