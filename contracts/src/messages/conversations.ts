import type { Translated } from '../languages';

/** Conversations between buyers and sellers (issue 37). */
export const CONVERSATION_MESSAGES = {
  conversationNotFound: { uz: 'Suhbat topilmadi', ru: 'Переписка не найдена', en: 'Conversation not found' },
  conversationOwnListing: {
    uz: "O'z e'loningiz sotuvchisiga yozib bo'lmaydi",
    ru: 'Нельзя написать продавцу своего объявления',
    en: 'You cannot write to the seller of your own listing',
  },
  conversationClosed: {
    uz: "E'lon sotilgan yoki o'chirilgan: suhbatga yozib bo'lmaydi",
    ru: 'Объявление продано или удалено: писать в переписку нельзя',
    en: 'The listing was sold or removed: the conversation is closed',
  },
  conversationBlocked: {
    uz: "Suhbat bloklangan: xabar yuborib bo'lmaydi",
    ru: 'Переписка заблокирована: сообщения отправлять нельзя',
    en: 'The conversation is blocked: no more messages can be sent',
  },
  conversationReported: {
    uz: 'Shikoyatingiz qabul qilindi. Moderatorlar suhbatni tekshiradi',
    ru: 'Жалоба принята. Модераторы проверят переписку',
    en: 'Your report was received. The moderators will check the conversation',
  },
  messageEmpty: { uz: 'Xabar matnini yozing', ru: 'Напишите текст сообщения', en: 'Write the message' },
  messageTooLong: { uz: "Eng ko'pi 1000 ta belgi", ru: 'Не более 1000 символов', en: 'At most 1000 characters' },
  messagePhotosMax: { uz: "Eng ko'pi 4 ta rasm", ru: 'Не более 4 фото', en: 'At most 4 photos' },
  messagePhotoNotFound: {
    uz: 'Rasm topilmadi: uni qayta yuklang',
    ru: 'Фото не найдено: загрузите его снова',
    en: 'Photo not found: upload it again',
  },
} as const satisfies Record<string, Translated>;
