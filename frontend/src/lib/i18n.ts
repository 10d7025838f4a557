import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGES, type Language } from '@market/contracts';

/** Local storage key of the chosen language (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'lang';

type Texts = Record<string, unknown>;

/*
 * Every feature keeps its texts in locales/<language>/<namespace>.json. Uzbek, the default
 * and the fallback, ships in the first bundle; Russian and English load when chosen.
 */
const uzbekFiles = import.meta.glob<Texts>('../locales/uz/*.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob<Texts>(['../locales/ru/*.json', '../locales/en/*.json'], { import: 'default' });

function namespaceOf(path: string): { language: string; namespace: string } {
  const [, language, namespace] = path.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
  return { language, namespace };
}

/** Server messages and field errors come from the contracts, shared with the API. */
function messagesIn(language: Language): Texts {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text[language]]));
}

const loadedLanguages = new Set<Language>([DEFAULT_LANGUAGE]);

async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return;
  const files = Object.entries(otherFiles).filter(([path]) => namespaceOf(path).language === language);
  await Promise.all(
    files.map(async ([path, load]) => i18n.addResourceBundle(language, namespaceOf(path).namespace, await load(), true, true)),
  );
  i18n.addResourceBundle(language, 'messages', messagesIn(language), true, true);
  loadedLanguages.add(language);
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

i18n.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language));

const uzbekResources: Record<string, Texts> = { messages: messagesIn(DEFAULT_LANGUAGE) };
for (const [path, texts] of Object.entries(uzbekFiles)) uzbekResources[namespaceOf(path).namespace] = texts;

/** Resolves once the stored language's texts are in place; the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: uzbekResources },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => changeLanguage(storedLanguage()));

export default i18n;
