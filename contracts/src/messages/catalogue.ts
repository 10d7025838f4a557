import type { Translated } from '../languages';

/** Categories (brands) and the device catalogue. */
export const CATALOGUE_MESSAGES = {
  categoryColorInvalid: {
    uz: "Rangni #RRGGBB ko'rinishida kiriting",
    ru: 'Укажите цвет в виде #RRGGBB',
    en: 'Enter the colour as #RRGGBB',
  },
  categoryNumberInvalid: {
    uz: "Tartib raqami manfiy bo'lmagan butun son bo'lsin",
    ru: 'Порядковый номер должен быть целым неотрицательным числом',
    en: 'The number must be a whole number, 0 or more',
  },
  categoryNameTaken: {
    uz: 'Bu nomli bo\'lim allaqachon mavjud',
    ru: 'Раздел с таким названием уже есть',
    en: 'A category with this name already exists',
  },
  categoryNotFound: { uz: "Bo'lim topilmadi", ru: 'Раздел не найден', en: 'Category not found' },
  categoryParentInvalid: {
    uz: "Seriya faqat o'z seriyalari bo'lmagan boshqa brendga tegishli bo'la oladi",
    ru: 'Серия может принадлежать только другому бренду, у которого нет своих серий',
    en: 'A series can belong only to another brand, one that is not a series itself',
  },
  categoryInUse: {
    uz: "Bo'limni o'chirib bo'lmaydi: unda {{devices}} ta qurilma va {{listings}} ta e'lon bor, {{onSale}} tasi sotuvda",
    ru: 'Раздел нельзя удалить: в нём устройств — {{devices}}, объявлений — {{listings}}, из них в продаже — {{onSale}}',
    en: 'The category cannot be deleted: it has {{devices}} devices and {{listings}} listings, {{onSale}} of them on sale',
  },
  categoryImageNotFound: {
    uz: 'Rasm topilmadi, uni qayta yuklang',
    ru: 'Изображение не найдено, загрузите его заново',
    en: 'Image not found, please upload it again',
  },
  categoryAdded: { uz: "Bo'lim qo'shildi", ru: 'Раздел добавлен', en: 'Category added' },
  categoryEdited: { uz: "Bo'lim o'zgartirildi", ru: 'Раздел изменён', en: 'Category edited' },
  categoryDeleted: { uz: "Bo'lim o'chirildi", ru: 'Раздел удалён', en: 'Category deleted' },
  deviceNotFound: { uz: 'Qurilma topilmadi', ru: 'Устройство не найдено', en: 'Device not found' },
  deviceNameTaken: {
    uz: 'Bu qurilma katalogda allaqachon bor',
    ru: 'Это устройство уже есть в каталоге',
    en: 'This device is already in the catalogue',
  },
  deviceSpecRefreshFailed: {
    uz: "Qurilma xususiyatlarini yangilab bo'lmadi, saqlangan ma'lumotlar ko'rsatilmoqda",
    ru: 'Не удалось обновить характеристики устройства, показаны сохранённые данные',
    en: 'The device specs could not be refreshed; the stored specs are shown',
  },
  deviceSpecRefreshPending: {
    uz: "Qurilma xususiyatlari yangilanmoqda, birozdan keyin qayta urinib ko'ring",
    ru: 'Характеристики устройства обновляются, попробуйте чуть позже',
    en: 'The device specs are being refreshed; try again in a moment',
  },
} as const satisfies Record<string, Translated>;
