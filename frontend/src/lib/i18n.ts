import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGES, type Language } from '@market/contracts';

/** Local storage key of the chosen language (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'lang';

type Texts = Record<string, unknown>;

/** Every locales/<language>/<namespace>.json file; each feature keeps its own namespace file. */
const localeFiles = import.meta.glob<Texts>('../locales/*/*.json', { eager: true, import: 'default' });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    // Server messages and field errors come from the contracts, shared with the API.
    const messages = Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text[language]]));
    resources[language] = { messages };
  }
  for (const [path, texts] of Object.entries(localeFiles)) {
    const [, language, namespace] = path.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
    resources[language][namespace] = texts;
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function changeLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language));

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
