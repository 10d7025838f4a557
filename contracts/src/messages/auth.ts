import type { Translated } from '../languages';

/** Accounts: sign-in, registration, password reset, sessions, profile settings, avatar, balance. */
export const AUTH_MESSAGES = {
  loginSuccess: { uz: 'Tizimga muvaffaqiyatli kirdingiz', ru: 'Вы успешно вошли в систему', en: 'You have signed in successfully' },
  enterPassword: { uz: 'Parolingizni kiriting', ru: 'Введите пароль', en: 'Enter your password' },
  passwordSentToPhone: {
    uz: 'Parolingiz telefon raqamingizga SMS orqali yuborildi',
    ru: 'Пароль отправлен на ваш номер телефона по SMS',
    en: 'Your password has been sent to your phone by SMS',
  },
  passwordSent: { uz: 'Parol yuborildi', ru: 'Пароль отправлен', en: 'The password has been sent' },
  passwordUpdated: { uz: 'Parolingiz yangilandi', ru: 'Ваш пароль обновлён', en: 'Your password has been updated' },
  loggedOut: { uz: 'Tizimdan chiqdingiz!', ru: 'Вы вышли из системы!', en: 'You have signed out!' },
  wrongPassword: {
    uz: "Telefon raqam yoki parol noto'g'ri",
    ru: 'Неверный номер телефона или пароль',
    en: 'Wrong phone number or password',
  },
  /** The settings' current password, asked before a new phone number: the number is not in question there. */
  wrongCurrentPassword: { uz: "Parol noto'g'ri", ru: 'Неверный пароль', en: 'Wrong password' },
  wrongCode: {
    uz: "Kod noto'g'ri yoki uning muddati tugagan",
    ru: 'Неверный или просроченный код',
    en: 'The code is wrong or has expired',
  },
  resetTokenExpired: {
    uz: "Tasdiqlash muddati tugadi. Kodni qaytadan so'rang",
    ru: 'Срок подтверждения истёк. Запросите код ещё раз',
    en: 'The confirmation has expired. Request a new code',
  },
  phoneNotUzbekMobile: {
    uz: "O'zbekiston mobil raqamini kiriting: +998 va operator kodi",
    ru: 'Введите мобильный номер Узбекистана: +998 и код оператора',
    en: 'Enter an Uzbek mobile number: +998 and the operator code',
  },
  phoneNotRegistered: {
    uz: "Bu telefon raqam ro'yxatdan o'tmagan",
    ru: 'Этот номер телефона не зарегистрирован',
    en: 'This phone number is not registered',
  },
  phoneAlreadyRegistered: {
    uz: "Bu telefon raqam ro'yxatdan o'tgan. Tizimga kiring",
    ru: 'Этот номер уже зарегистрирован. Войдите в систему',
    en: 'This phone number is already registered. Please sign in',
  },
  confirmationCodeSent: {
    uz: 'Tasdiqlash kodi telefon raqamingizga yuborildi',
    ru: 'Код подтверждения отправлен на ваш номер',
    en: 'A confirmation code has been sent to your phone',
  },
  confirmationCodeSentBefore: {
    uz: "Tasdiqlash kodi yuborildi. Bu raqamga boshqa qurilmadan ham kod so'ralgan: eng oxirgi SMSdagi kodni kiriting",
    ru: 'Код подтверждения отправлен. Для этого номера код запрашивали и с другого устройства: введите код из последнего SMS',
    en: 'A confirmation code has been sent. A code for this number was also asked for on another device: enter the code from the latest SMS',
  },
  registrationCongratulation: {
    uz: "Tabriklaymiz! Siz muvaffaqiyatli ro'yxatdan o'tdingiz",
    ru: 'Поздравляем! Вы успешно зарегистрировались',
    en: 'Congratulations! You have registered successfully',
  },
  agreeToTerms: {
    uz: 'Foydalanish shartlariga rozilik bildiring',
    ru: 'Примите условия использования',
    en: 'Please accept the terms of use',
  },
  maxCharacters50: { uz: "50 ta belgidan ko'p bo'lmasin", ru: 'Не более 50 символов', en: 'No more than 50 characters' },
  invalidEmail: { uz: "E-pochta manzili noto'g'ri", ru: 'Неверный адрес электронной почты', en: 'Invalid e-mail address' },
  invalidUsername: {
    uz: "Foydalanuvchi nomida faqat lotin harflari, raqamlar, _ va . bo'lsin",
    ru: 'Имя пользователя: только латинские буквы, цифры, _ и .',
    en: 'A username may only contain Latin letters, digits, _ and .',
  },
  invalidTelegramUsername: {
    uz: "Telegram foydalanuvchi nomi noto'g'ri",
    ru: 'Неверное имя пользователя Telegram',
    en: 'Invalid Telegram username',
  },
  usernameTaken: { uz: 'Bu foydalanuvchi nomi band', ru: 'Это имя пользователя занято', en: 'This username is taken' },
  emailTaken: { uz: 'Bu e-pochta band', ru: 'Этот адрес электронной почты занят', en: 'This e-mail is taken' },
  phoneNumberTaken: { uz: 'Bu telefon raqam band', ru: 'Этот номер телефона занят', en: 'This phone number is taken' },
  phoneConfirmationSent: {
    uz: 'Yangi raqamga tasdiqlash kodi yuborildi',
    ru: 'Код подтверждения отправлен на новый номер',
    en: 'A confirmation code has been sent to the new number',
  },
  saved: { uz: 'Saqlandi', ru: 'Сохранено', en: 'Saved' },
  photoUpdated: { uz: 'Foto yangilandi', ru: 'Фото обновлено', en: 'Photo updated' },
  imageDeleted: { uz: "Rasm o'chirildi", ru: 'Изображение удалено', en: 'Image deleted' },
  notAnImage: {
    uz: 'Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang',
    ru: 'Файл не является изображением. Загрузите JPG, PNG или WEBP',
    en: 'The file is not an image. Upload a JPG, PNG or WEBP picture',
  },
  imageRequired: { uz: 'Rasm tanlang', ru: 'Выберите изображение', en: 'Choose an image' },
  insufficientBalance: {
    uz: "Hisobingizda mablag' yetarli emas",
    ru: 'Недостаточно средств на балансе',
    en: 'Your balance is too low',
  },
} as const satisfies Record<string, Translated>;
