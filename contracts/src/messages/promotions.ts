import type { Translated } from '../languages';

/** Promotion (issue 39): the products' names, the balance history's entries, the refusals of a purchase. */
export const PROMOTION_MESSAGES = {
  promotionLift: { uz: "Ko'tarish", ru: 'Поднятие', en: 'Lift' },
  promotionTop3: { uz: 'TOP 3 kun', ru: 'ТОП 3 дня', en: 'TOP 3 days' },
  promotionTop7: { uz: 'TOP 7 kun', ru: 'ТОП 7 дней', en: 'TOP 7 days' },
  promotionChannelRepost: { uz: 'Kanalda qayta joylash', ru: 'Повторная публикация в канале', en: 'Repost to the channel' },
  promotionRefund: { uz: "Reklama uchun qaytarilgan mablag'", ru: 'Возврат за продвижение', en: 'Promotion refund' },
  promotionBalanceShort: {
    uz: "Hisobingizda mablag' yetarli emas: yana {{shortfall}} so'm kerak",
    ru: 'Недостаточно средств на балансе: не хватает {{shortfall}} сум',
    en: "Your balance is too low: {{shortfall}} so'm more is needed",
  },
  promotionListingNotOnSale: {
    uz: "Faqat faol e'lonni reklama qilish mumkin",
    ru: 'Продвигать можно только активное объявление',
    en: 'Only a listing on sale can be promoted',
  },
  promotionLiftedToday: {
    uz: "E'lon bugun ko'tarilgan. Ertaga yana ko'tarish mumkin",
    ru: 'Объявление уже поднято сегодня. Поднять снова можно завтра',
    en: 'The listing was lifted today. It can be lifted again tomorrow',
  },
  promotionTopRunning: {
    uz: "E'lon allaqachon TOPda",
    ru: 'Объявление уже в ТОПе',
    en: 'The listing is already in TOP',
  },
  promotionRepostPending: {
    uz: "E'lon kanalga joylanish navbatida",
    ru: 'Объявление уже ждёт публикации в канале',
    en: 'The listing is already waiting to be posted to the channel',
  },
} as const satisfies Record<string, Translated>;
