import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@market/contracts';
import uzbekMessages from 'virtual:server-messages/uz';

/** Local storage key of the chosen language (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'lang';

type Texts = Record<string, unknown>;

/*
 * Every feature keeps its texts in locales/<language>/<namespace>.json; `messages` holds the
 * server messages and field errors of the contracts (build/server-messages.ts). Uzbek, the
 * default and the fallback, ships the namespaces of the pages a visit starts on (the home
 * list, a listing) in the first download. Every other namespace, and every namespace of
 * Russian and English, loads when first used: a page that needs one waits for it in the
 * layout's loader, as it waits for its code.
 */
const FIRST_PAGE_NAMESPACES = ['common', 'listings', 'catalogue', 'messages'];

const uzbekFirstPageFiles = import.meta.glob<Texts>(['../locales/uz/common.json', '../locales/uz/listings.json', '../locales/uz/catalogue.json'], {
  eager: true,
  import: 'default',
});
const otherFiles = import.meta.glob<Texts>(
  ['../locales/*/*.json', '!../locales/uz/common.json', '!../locales/uz/listings.json', '!../locales/uz/catalogue.json'],
  { import: 'default' },
);
const messagesOf: Record<Language, () => Promise<Texts>> = {
  uz: async () => uzbekMessages,
  ru: () => import('virtual:server-messages/ru').then((module) => module.default),
  en: () => import('virtual:server-messages/en').then((module) => module.default),
};

function textsOf(language: Language, namespace: string): Promise<Texts> {
  if (namespace === 'messages') return messagesOf[language]();
  const load = otherFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    textsOf(language as Language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Switches the page to `language` once the texts in use are there in it. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language));

const uzbekResources: Record<string, Texts> = { messages: uzbekMessages };
for (const [path, texts] of Object.entries(uzbekFirstPageFiles)) uzbekResources[path.match(/([\w-]+)\.json$/)![1]] = texts;

/** Resolves once the stored language's texts of the first pages are in place; the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: uzbekResources },
    partialBundledLanguages: true,
    ns: FIRST_PAGE_NAMESPACES,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // No advertisement in the visitors' consoles.
    showSupportNotice: false,
  })
  .then(() => changeLanguage(storedLanguage()));

export default i18n;
