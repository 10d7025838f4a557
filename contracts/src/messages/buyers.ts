import type { Translated } from '../languages';

export const BUYER_MESSAGES = {
  favouritesFull: {
    uz: "Saralanganlar to'ldi: {{limit}} tadan ko'p e'lon saqlab bo'lmaydi",
    ru: 'В избранном не больше {{limit}} объявлений',
    en: 'You can keep at most {{limit}} favourites',
  },
  savedSearchesFull: {
    uz: "{{limit}} tadan ko'p qidiruvni saqlab bo'lmaydi",
    ru: 'Можно сохранить не больше {{limit}} поисков',
    en: 'You can save at most {{limit}} searches',
  },
  sellerNotFound: { uz: 'Sotuvchi topilmadi', ru: 'Продавец не найден', en: 'Seller not found' },
  savedSearchNotFound: { uz: 'Saqlangan qidiruv topilmadi', ru: 'Сохранённый поиск не найден', en: 'Saved search not found' },
  savedSearchExists: { uz: 'Bu qidiruv allaqachon saqlangan', ru: 'Этот поиск уже сохранён', en: 'This search is already saved' },
} as const satisfies Record<string, Translated>;
