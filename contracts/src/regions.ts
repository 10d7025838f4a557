import type { Translated } from './languages';

interface Region {
  id: string;
  label: Translated;
}

/**
 * The wizard's regions (spec section 9) and Uzbekistan's regions in settings.
 * The spec spells Andijon 'Anjidon'; that is a typo and is not repeated here.
 */
export const UZBEKISTAN_REGIONS = [
  { id: 'andijon', label: { uz: 'Andijon', ru: 'Андижан', en: 'Andijan' } },
  { id: 'fargona', label: { uz: "Farg'ona", ru: 'Фергана', en: 'Fergana' } },
  { id: 'namangan', label: { uz: 'Namangan', ru: 'Наманган', en: 'Namangan' } },
  { id: 'toshkent', label: { uz: 'Toshkent', ru: 'Ташкент', en: 'Tashkent' } },
  { id: 'sirdaryo', label: { uz: 'Sirdaryo', ru: 'Сырдарья', en: 'Syrdarya' } },
  { id: 'jizzax', label: { uz: 'Jizzax', ru: 'Джизак', en: 'Jizzakh' } },
  { id: 'samarqand', label: { uz: 'Samarqand', ru: 'Самарканд', en: 'Samarkand' } },
  { id: 'qashqadaryo', label: { uz: 'Qashqadaryo', ru: 'Кашкадарья', en: 'Kashkadarya' } },
  { id: 'surxondaryo', label: { uz: 'Surxondaryo', ru: 'Сурхандарья', en: 'Surkhandarya' } },
  { id: 'navoiy', label: { uz: 'Navoiy', ru: 'Навои', en: 'Navoi' } },
  { id: 'buxoro', label: { uz: 'Buxoro', ru: 'Бухара', en: 'Bukhara' } },
  { id: 'xorazm', label: { uz: 'Xorazm', ru: 'Хорезм', en: 'Khorezm' } },
  { id: 'qoraqalpogiston', label: { uz: "Qoraqalpog'iston", ru: 'Каракалпакстан', en: 'Karakalpakstan' } },
] as const satisfies readonly Region[];

export const OTHER_REGION = { id: 'other', label: { uz: 'Boshqa', ru: 'Другой', en: 'Other' } } as const satisfies Region;

/** What a listing's region may be: one of Uzbekistan's regions or 'other'. */
export const LISTING_REGIONS = [...UZBEKISTAN_REGIONS, OTHER_REGION] as const;

/** Kazakhstan's 17 regions and 3 cities of republican significance, named in Kazakh as the spec asks. */
const KAZAKHSTAN_REGION_NAMES = [
  'Астана',
  'Алматы',
  'Шымкент',
  'Абай облысы',
  'Ақмола облысы',
  'Ақтөбе облысы',
  'Алматы облысы',
  'Атырау облысы',
  'Батыс Қазақстан облысы',
  'Жамбыл облысы',
  'Жетісу облысы',
  'Қарағанды облысы',
  'Қостанай облысы',
  'Қызылорда облысы',
  'Маңғыстау облысы',
  'Павлодар облысы',
  'Солтүстік Қазақстан облысы',
  'Түркістан облысы',
  'Ұлытау облысы',
  'Шығыс Қазақстан облысы',
];

interface Country {
  id: string;
  label: Translated;
  regions: readonly Region[];
}

export const COUNTRIES: readonly Country[] = [
  { id: 'uz', label: { uz: "O'zbekiston", ru: 'Узбекистан', en: 'Uzbekistan' }, regions: UZBEKISTAN_REGIONS },
  {
    id: 'kz',
    label: { uz: "Qozog'iston", ru: 'Казахстан', en: 'Kazakhstan' },
    regions: KAZAKHSTAN_REGION_NAMES.map((name, index) => ({
      id: `kz-${index + 1}`,
      label: { uz: name, ru: name, en: name },
    })),
  },
  { id: 'ru', label: { uz: 'Rossiya', ru: 'Россия', en: 'Russia' }, regions: [] },
  { id: 'tj', label: { uz: 'Tojikiston', ru: 'Таджикистан', en: 'Tajikistan' }, regions: [] },
  { id: 'kg', label: { uz: "Qirg'iziston", ru: 'Киргизия', en: 'Kyrgyzstan' }, regions: [] },
  { id: 'other', label: { uz: 'Boshqa', ru: 'Другая', en: 'Other' }, regions: [] },
];
