import type { Translated } from '../languages';

/** Phone listings: browsing, the create wizard, photos, my listings. */
export const LISTING_MESSAGES = {
  customModelName: {
    uz: "Model nomini 2 dan 60 tagacha harf va raqam bilan yozing",
    ru: 'Напишите название модели: от 2 до 60 букв и цифр',
    en: "Type the model's name: 2 to 60 letters and digits",
  },
  listingHasCatalogueModel: {
    uz: "Bu e'lon modeli katalogda bor",
    ru: 'Модель этого объявления уже есть в каталоге',
    en: "This listing's model is already in the catalogue",
  },
  customModelBrand: { uz: 'Brendni tanlang', ru: 'Выберите бренд', en: 'Choose the brand' },
  listingNotFound: { uz: "E'lon topilmadi", ru: 'Объявление не найдено', en: 'Listing not found' },
  listingCreated: { uz: "E'longiz yaratildi.", ru: 'Ваше объявление создано.', en: 'Your listing has been created.' },
  listingWaitsForApproval: {
    uz: "Adminlar tasdiqlaganidan keyin saytda ko'rinadi",
    ru: 'Появится на сайте после проверки администраторами',
    en: 'It will appear on the site once the admins approve it',
  },
  listingUpdated: {
    uz: "E'lon saqlandi va qayta tekshiruvga yuborildi",
    ru: 'Объявление сохранено и отправлено на повторную проверку',
    en: 'The listing was saved and sent for review again',
  },
  listingDeleted: { uz: "E'lon o'chirildi", ru: 'Объявление удалено', en: 'The listing was deleted' },
  listingMarkedSold: {
    uz: "E'lon sotilgan deb belgilandi va sotuvdan olindi",
    ru: 'Объявление отмечено проданным и снято с продажи',
    en: 'The listing was marked sold and taken off sale',
  },
  listingAlreadySold: {
    uz: "Bu e'lon allaqachon sotilgan deb belgilangan",
    ru: 'Это объявление уже отмечено проданным',
    en: 'This listing is already marked sold',
  },
  listingSoldOnlyOnSale: {
    uz: "Faqat sotuvdagi yoki sotuvdan olingan e'lonni sotilgan deb belgilash mumkin",
    ru: 'Проданным можно отметить только объявление в продаже или снятое с продажи',
    en: 'Only a listing on sale or taken off sale can be marked sold',
  },
  listingTakenOffSale: { uz: "E'lon sotuvdan olindi", ru: 'Объявление снято с продажи', en: 'The listing was taken off sale' },
  listingSavedOnSale: {
    uz: "O'zgarishlar saqlandi, e'lon sotuvda qoldi",
    ru: 'Изменения сохранены, объявление осталось в продаже',
    en: 'Your changes were saved and the listing stays on sale',
  },
  listingBackOnSale: { uz: "E'lon qayta sotuvga qo'yildi", ru: 'Объявление снова в продаже', en: 'The listing is back on sale' },
  listingBackOnSaleForReview: {
    uz: "E'lon qayta sotuvga qo'yildi va tekshiruvga yuborildi",
    ru: 'Объявление снова выставлено и отправлено на проверку',
    en: 'The listing is back on sale and was sent for review',
  },
  listingOffSaleOnlyActive: {
    uz: "Faqat faol e'lonni sotuvdan olish mumkin",
    ru: 'Снять с продажи можно только активное объявление',
    en: 'Only an active listing can be taken off sale',
  },
  listingOnSaleOnlyInactive: {
    uz: "Faqat sotuvdan olingan e'lonni qayta qo'yish mumkin",
    ru: 'Снова выставить можно только снятое с продажи объявление',
    en: 'Only a listing taken off sale can be put back on sale',
  },
  listingIsDraft: {
    uz: "Bu e'lon hali qoralama: uni yakunlang",
    ru: 'Это объявление ещё черновик: завершите его',
    en: 'This listing is still a draft: finish it first',
  },
  listingNotDraft: {
    uz: "Bu e'lon qoralama emas",
    ru: 'Это объявление не черновик',
    en: 'This listing is not a draft',
  },
  photosMin: { uz: 'Kamida bitta rasm yuklang', ru: 'Загрузите хотя бы одно фото', en: 'Upload at least one photo' },
  photosMax: {
    uz: "Ko'pi bilan 8 ta rasm yuklash mumkin",
    ru: 'Можно загрузить не более 8 фото',
    en: 'You can upload at most 8 photos',
  },
  imageTooManyPixels: {
    uz: "Rasm o'lchamlari juda katta: ko'pi bilan {{megapixels}} megapiksel. Kameraning oddiy rejimida suratga oling yoki rasmni kichraytiring",
    ru: 'Слишком большое разрешение фото: не больше {{megapixels}} мегапикселей. Снимите в обычном режиме камеры или уменьшите фото',
    en: "The photo has too many pixels: at most {{megapixels}} megapixels. Take it in the camera's usual mode or make it smaller",
  },
  photoUnavailable: {
    uz: 'Rasm topilmadi yoki boshqa e\'longa tegishli. Uni qayta yuklang',
    ru: 'Фото не найдено или принадлежит другому объявлению. Загрузите его заново',
    en: 'A photo was not found or belongs to another listing. Please upload it again',
  },
  photoInUse: {
    uz: "Rasm e'longa biriktirilgan yoki suhbatda yuborilgan: e'londagisini e'lonni tahrirlab olib tashlang, yuborilgani qoladi",
    ru: 'Фото прикреплено к объявлению или отправлено в переписке: из объявления его уберите, отредактировав объявление, а отправленное остаётся',
    en: 'The photo belongs to a listing or was sent in a conversation: remove it from a listing by editing the listing; a sent photo stays',
  },
  draftLimitReached: {
    uz: "Qoralamalar juda ko'p ({{count}} ta). Avval ularning birini yakunlang yoki o'chiring",
    ru: 'Слишком много черновиков ({{count}}). Сначала завершите или удалите один из них',
    en: 'Too many drafts ({{count}}). Finish or delete one of them first',
  },
  priceInvalid: { uz: "Narxni to'g'ri kiriting", ru: 'Введите правильную цену', en: 'Enter a valid price' },
  priceTooHigh: { uz: 'Narx juda katta', ru: 'Слишком высокая цена', en: 'The price is too high' },
  imeiInvalid: {
    uz: "IMEI 15 ta raqamdan iborat bo'lishi kerak (*#06# terib ko'ring)",
    ru: 'IMEI — 15 цифр (наберите *#06#, чтобы увидеть его)',
    en: 'An IMEI is 15 digits (dial *#06# to see it)',
  },
  imeiCheckDigit: {
    uz: "IMEI noto'g'ri: raqamlardan biri xato terilgan (*#06# terib, qayta ko'chiring)",
    ru: 'IMEI неверный: одна из цифр набрана с ошибкой (наберите *#06# и перепишите заново)',
    en: 'This IMEI is not valid: a digit is mistyped (dial *#06# and copy it again)',
  },
  imeiRepeated: {
    uz: "Ikkala IMEI bir xil bo'lmasin: ikkinchi SIM uyasi o'z IMEI raqamiga ega",
    ru: 'Два IMEI не должны совпадать: у второго SIM-слота свой IMEI',
    en: 'The two IMEIs must differ: the second SIM slot has its own IMEI',
  },
  imeiTooMany: { uz: "IMEI 2 tadan ko'p bo'lmasin", ru: 'Не более 2 IMEI', en: 'No more than 2 IMEIs' },
  instalmentDeclarationRequired: {
    uz: "Telefon muddatli to'lovda emasligini tasdiqlang",
    ru: 'Подтвердите, что телефон не в рассрочке',
    en: 'Confirm that the phone is not under instalment debt',
  },
  batteryRange: { uz: "Batareya holati 50 dan 100 % gacha", ru: 'Ёмкость батареи — от 50 до 100 %', en: 'Battery health is 50 to 100 %' },
  priceWhole: { uz: "Narxni butun sonda kiriting, tiyinsiz", ru: 'Введите цену целым числом, без копеек', en: 'Enter the price as a whole number, without cents' },
} as const satisfies Record<string, Translated>;
