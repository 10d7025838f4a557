import type { Translated } from '../languages';

/** Validation and transport messages shared by every form and endpoint. */
export const COMMON_MESSAGES = {
  required: { uz: "Maydonni to'ldiring", ru: 'Заполните поле', en: 'This field is required' },
  minCharacters3: { uz: "Kamida 3 ta belgi kiriting", ru: 'Введите не менее 3 символов', en: 'Enter at least 3 characters' },
  minCharacters6: { uz: "Kamida 6 ta belgi kiriting", ru: 'Введите не менее 6 символов', en: 'Enter at least 6 characters' },
  passwordsNotMatch: { uz: 'Parollar mos kelmadi', ru: 'Пароли не совпадают', en: 'Passwords do not match' },
  completeFull: { uz: "To'liq kiriting", ru: 'Заполните полностью', en: 'Fill in completely' },
  minCharacters16: { uz: 'Kamida 16 ta raqam kiriting', ru: 'Введите 16 цифр', en: 'Enter 16 digits' },
  maxCharacters16: { uz: "16 ta raqamdan ko'p bo'lmasin", ru: 'Не более 16 цифр', en: 'No more than 16 digits' },
  maxCharacters4: { uz: '4 ta raqam kiriting', ru: 'Введите 4 цифры', en: 'Enter 4 digits' },
  maxVal1000uzs: { uz: "Eng kam summa 1 000 so'm", ru: 'Минимальная сумма 1 000 сум', en: "The minimum amount is 1 000 so'm" },
  maxVal1mln: { uz: "Eng ko'p summa 1 000 000 so'm", ru: 'Максимальная сумма 1 000 000 сум', en: "The maximum amount is 1 000 000 so'm" },
  deviceSearchMin: {
    uz: "3 ta belgidan ko'proq ma'lumot kiriting",
    ru: 'Введите больше 3 символов',
    en: 'Enter more than 3 characters',
  },
  descriptionMax: { uz: "Eng ko'pi 200 ta belgi", ru: 'Не более 200 символов', en: 'At most 200 characters' },
  reportTextMax: { uz: "Eng ko'pi 500 ta belgi", ru: 'Не более 500 символов', en: 'At most 500 characters' },
  invalidValue: { uz: "Noto'g'ri qiymat", ru: 'Неверное значение', en: 'Invalid value' },
  validationFailed: {
    uz: "Ma'lumotlar noto'g'ri to'ldirilgan",
    ru: 'Данные заполнены неверно',
    en: 'Some fields are filled in incorrectly',
  },
  unauthorized: { uz: 'Tizimga kiring', ru: 'Войдите в систему', en: 'Please sign in' },
  forbidden: { uz: "Bu amal uchun ruxsat yo'q", ru: 'Нет доступа к этому действию', en: 'You are not allowed to do this' },
  notFound: { uz: 'Topilmadi', ru: 'Не найдено', en: 'Not found' },
  payloadTooLarge: { uz: "So'rov juda katta", ru: 'Слишком большой запрос', en: 'The request is too large' },
  unexpectedField: {
    uz: "So'rovda bu amal qabul qilmaydigan maydon yoki fayl bor",
    ru: 'В запросе есть поле или файл, которые это действие не принимает',
    en: 'The request has a field or file this action does not take',
  },
  unsupportedMediaType: {
    uz: "So'rov formati qo'llab-quvvatlanmaydi",
    ru: 'Формат запроса не поддерживается',
    en: 'The request format is not supported',
  },
  foreignOrigin: {
    uz: "So'rov boshqa saytdan yuborilgan",
    ru: 'Запрос отправлен с другого сайта',
    en: 'The request came from another site',
  },
  tooManyRequests: {
    uz: "Juda ko'p urinish. {{seconds}} soniyadan keyin qayta urinib ko'ring",
    ru: 'Слишком много попыток. Повторите через {{seconds}} с',
    en: 'Too many attempts. Try again in {{seconds}} s',
  },
  serviceUnavailable: {
    uz: "Server bilan aloqa vaqtincha to'xtatildi",
    ru: 'Связь с сервером временно приостановлена',
    en: 'The connection to the server is temporarily suspended',
  },
  offline: {
    uz: "Internet aloqasi yo'q. Ulanib, qayta urinib ko'ring",
    ru: 'Нет подключения к интернету. Подключитесь и попробуйте снова',
    en: 'No internet connection. Connect and try again',
  },
  serverNotWorking: {
    uz: 'Serverda nosozlik. Keyinroq urinib ko\'ring',
    ru: 'Ошибка сервера. Попробуйте позже',
    en: 'Server error. Please try again later',
  },
} as const satisfies Record<string, Translated>;
