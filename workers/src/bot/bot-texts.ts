import { fillPlaceholders, type Language, type SocialChannel, type Translated } from '@market/contracts';

/** What the sellers' bot says, in the language the seller used on the site when linking. */
export const BOT_TEXTS = {
  welcome: {
    uz: "Salom! Bu Telefon bozor boti. Hisobingizni ulash uchun saytdagi Sozlamalar sahifasida «Telegramni ulash» tugmasini bosing.",
    ru: 'Здравствуйте! Это бот Telefon bozor. Чтобы подключить аккаунт, нажмите «Подключить Telegram» в настройках на сайте.',
    en: 'Hello! This is the Telefon bozor bot. To connect your account, press "Connect Telegram" in the settings on the site.',
  },
  linked: {
    uz: "Hisobingiz ulandi. E'lonlaringiz holati haqida shu yerda xabar beramiz. /my — e'lonlaringiz, /stop — uzish.",
    ru: 'Аккаунт подключён. Мы будем сообщать здесь о ваших объявлениях. /my — ваши объявления, /stop — отключить.',
    en: 'Your account is connected. We will tell you here what happens to your listings. /my lists them, /stop disconnects.',
  },
  linkInvalid: {
    uz: "Havola eskirgan yoki ishlatilgan. Saytdan yangi havola oling.",
    ru: 'Ссылка устарела или уже использована. Получите новую на сайте.',
    en: 'This link has expired or was already used. Get a new one on the site.',
  },
  notLinked: {
    uz: "Hisob ulanmagan. Saytdagi Sozlamalar sahifasidan ulang.",
    ru: 'Аккаунт не подключён. Подключите его в настройках на сайте.',
    en: 'No account is connected. Connect it in the settings on the site.',
  },
  stopped: {
    uz: "Hisob uzildi. Endi xabar yubormaymiz.",
    ru: 'Аккаунт отключён. Мы больше не будем писать.',
    en: 'Your account is disconnected. We will not message you any more.',
  },
  linkAsk: {
    uz: "Bu chatni {{phone}} raqamli hisobga ulaysizmi? Shu hisobning xabarlari va suhbatlari shu yerga keladi, Telegramdagi ilova esa unga kiradi. Raqam sizniki bo'lmasa, «Yo'q»ni bosing.",
    ru: 'Подключить этот чат к аккаунту с номером {{phone}}? Сюда будут приходить его уведомления и переписки, а приложение в Telegram будет входить в него. Если номер не ваш, нажмите «Нет».',
    en: 'Connect this chat to the account with the number {{phone}}? Its notices and conversations will come here, and the app in Telegram will sign in to it. If the number is not yours, press "No".',
  },
  linkYes: { uz: 'Ha, ulash', ru: 'Да, подключить', en: 'Yes, connect' },
  linkDeclined: { uz: 'Chat ulanmadi.', ru: 'Чат не подключён.', en: 'The chat was not connected.' },
  relinkAsk: {
    uz: "Bu chat boshqa hisobga ulangan. Uni {{phone}} raqamli hisobga o'tkazasizmi? Avvalgi hisob bu yerda xabar olmaydi. Raqam sizniki bo'lmasa, «Yo'q»ni bosing.",
    ru: 'Этот чат подключён к другому аккаунту. Переключить его на аккаунт с номером {{phone}}? Прежний аккаунт перестанет получать здесь сообщения. Если номер не ваш, нажмите «Нет».',
    en: 'This chat is connected to another account. Switch it to the account with the number {{phone}}? The other account will no longer get messages here. If the number is not yours, press "No".',
  },
  relinkYes: { uz: "Ha, o'tkazish", ru: 'Да, переключить', en: 'Yes, switch' },
  relinkNo: { uz: "Yo'q", ru: 'Нет', en: 'No' },
  relinkKept: {
    uz: "Chat avvalgi hisobga ulanganicha qoldi.",
    ru: 'Чат остался подключён к прежнему аккаунту.',
    en: 'The chat stays connected to its account.',
  },
  noListings: { uz: "Sizda hali e'lonlar yo'q.", ru: 'У вас пока нет объявлений.', en: 'You have no listings yet.' },
  myListings: { uz: "Sizning e'lonlaringiz:", ru: 'Ваши объявления:', en: 'Your listings:' },
  approved: {
    uz: "✅ E'loningiz tasdiqlandi: {{name}}\n{{link}}",
    ru: '✅ Ваше объявление одобрено: {{name}}\n{{link}}',
    en: '✅ Your listing was approved: {{name}}\n{{link}}',
  },
  rejected: {
    uz: "❌ E'loningiz rad etildi: {{name}}\nSabab: {{reason}}",
    ru: '❌ Ваше объявление отклонено: {{name}}\nПричина: {{reason}}',
    en: '❌ Your listing was rejected: {{name}}\nReason: {{reason}}',
  },
  posted: {
    uz: "📣 E'loningiz ijtimoiy tarmoqlarda joylandi: {{name}}\n{{links}}",
    ru: '📣 Ваше объявление опубликовано в соцсетях: {{name}}\n{{links}}',
    en: '📣 Your listing was posted to the channels: {{name}}\n{{links}}',
  },
  skipped: {
    uz: "⚠️ E'loningiz joylanmadi ({{channel}}): {{name}}\nSabab: {{reason}}",
    ru: '⚠️ Объявление не опубликовано ({{channel}}): {{name}}\nПричина: {{reason}}',
    en: '⚠️ Your listing was not posted ({{channel}}): {{name}}\nReason: {{reason}}',
  },
  notConfigured: {
    uz: 'bu kanal hali ulanmagan',
    ru: 'этот канал ещё не подключён',
    en: 'this channel is not set up yet',
  },
  gaveUp: {
    uz: "kanal bir necha urinishdan keyin ham qabul qilmadi; moderator qayta joylashi mumkin",
    ru: 'канал не принял его и после нескольких попыток; модератор может опубликовать снова',
    en: 'the channel refused it after several tries; a moderator can post it again',
  },
  alertsPaused: {
    uz: "Bu qidiruv bo'yicha xabarlar to'xtatildi. Saytda qayta yoqishingiz mumkin.",
    ru: 'Уведомления по этому поиску остановлены. Включить их снова можно на сайте.',
    en: 'Alerts for this search are stopped. You can turn them on again on the site.',
  },
  pauseRefused: {
    uz: "Bu qidiruv topilmadi yoki sizning hisobingizga tegishli emas.",
    ru: 'Этот поиск не найден или принадлежит другому аккаунту.',
    en: 'This search was not found or belongs to another account.',
  },
  newConversation: {
    uz: "💬 E'loningiz bo'yicha yangi xabar: {{name}}\n{{text}}\n{{link}}",
    ru: '💬 Новое сообщение по вашему объявлению: {{name}}\n{{text}}\n{{link}}',
    en: '💬 A new message about your listing: {{name}}\n{{text}}\n{{link}}',
  },
  conversationMessage: {
    uz: "💬 {{name}}\n{{text}}\n{{link}}",
    ru: '💬 {{name}}\n{{text}}\n{{link}}',
    en: '💬 {{name}}\n{{text}}\n{{link}}',
  },
  conversationPhotos: {
    uz: '📷 Suhbatdagi rasmlar: {{count}} ta',
    ru: '📷 Фото в переписке: {{count}}',
    en: '📷 Photos in the conversation: {{count}}',
  },
  replyHint: {
    uz: "Javobingiz suhbatga tushishi uchun bot yuborgan xabarga «Javob berish» (reply) qiling.",
    ru: 'Чтобы ответ попал в переписку, ответьте (reply) на сообщение бота.',
    en: "To answer in the conversation, reply to the bot's message.",
  },
  wordsOnly: {
    uz: "Suhbatga bot orqali faqat matn yetadi. Rasm, ovozli xabar yoki faylni saytdagi suhbatda yuboring.",
    ru: 'Через бота в переписку уходит только текст. Фото, голосовые сообщения и файлы отправьте в переписке на сайте.',
    en: 'Only words reach the conversation through the bot. Send photos, voice messages and files in the conversation on the site.',
  },
  replySent: { uz: '✓ Yuborildi', ru: '✓ Отправлено', en: '✓ Sent' },
  openApp: { uz: 'Ilovani ochish', ru: 'Открыть приложение', en: 'Open the app' },
  contactReceived: {
    uz: "Raqamingiz qabul qilindi. Ilovaga qayting: u sizni shu raqam bilan kiritadi.",
    ru: 'Номер получен. Вернитесь в приложение: оно войдёт по этому номеру.',
    en: 'Your number is received. Go back to the app: it signs you in with it.',
  },
  contactRefused: {
    uz: "Ilovaga kirish uchun o'zingizning O'zbekiston mobil raqamingizni ulashing.",
    ru: 'Чтобы войти в приложение, поделитесь своим узбекским мобильным номером.',
    en: 'To sign in to the app, share your own Uzbek mobile number.',
  },
  toppedUp: {
    uz: "💳 Balansingiz {{amount}} so'mga to'ldirildi.",
    ru: '💳 Баланс пополнен на {{amount}} сум.',
    en: "💳 Your balance was topped up by {{amount}} so'm.",
  },
  dealAwaiting: {
    uz: "🤝 Sotuvchi sizga sotganini belgiladi: {{name}}\nSotib olgan bo'lsangiz, tasdiqlang: «Ha, men sotib oldim».\n{{link}}",
    ru: '🤝 Продавец отметил, что продал вам: {{name}}\nЕсли вы купили, подтвердите: «Да, я купил».\n{{link}}',
    en: '🤝 The seller marked this sold to you: {{name}}\nIf you bought it, confirm: "Yes, I bought it".\n{{link}}',
  },
} as const satisfies Record<string, Translated>;

export const CHANNEL_LABELS: Record<SocialChannel, string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

export function botText(
  key: keyof typeof BOT_TEXTS,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(BOT_TEXTS[key][language], params);
}
