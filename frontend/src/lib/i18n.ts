import { use, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@market/contracts';
import uzbekAnyPageMessages from 'virtual:server-messages/uz?only=offline,serverNotWorking,loggedOut';
import { loadWhenOnline } from './load-chunk';
import { createTranslationCatalogue, type Texts, type TFunction } from './translations';

export type { TFunction } from './translations';

/** Local storage key of the chosen language (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/*
 * Every feature keeps its texts in locales/<language>/<namespace>.json; `messages` holds the
 * server messages and field errors of the contracts (build/server-messages.ts), and
 * `any-page-messages` the few of them any page may show (messageText). Uzbek, the default and
 * the fallback, ships the namespaces of the pages a visit starts on (the home list, a listing)
 * in the first download. Every other namespace, and every namespace of Russian and English,
 * loads when first used: a component that needs one suspends until it is there, so its page
 * waits in the layout's loader, as it waits for its code.
 */
// 'buyers' for the heart on every card and the recently viewed row: loaded later, it held the cards back a round trip.
const FIRST_PAGE_NAMESPACES = ['common', 'listings', 'catalogue', 'buyers', 'any-page-messages'];

const uzbekFirstPageFiles = import.meta.glob<Texts>(['../locales/uz/common.json', '../locales/uz/listings.json', '../locales/uz/catalogue.json', '../locales/uz/buyers.json'], {
  eager: true,
  import: 'default',
});
const otherFiles = import.meta.glob<Texts>(
  ['../locales/*/*.json', '!../locales/uz/common.json', '!../locales/uz/listings.json', '!../locales/uz/catalogue.json', '!../locales/uz/buyers.json'],
  { import: 'default' },
);
// The server messages (4 KB gzipped in Uzbek) load with the forms and pages that show them.
const messagesOf: Record<Language, () => Promise<Texts>> = {
  uz: () => import('virtual:server-messages/uz').then((module) => module.default),
  ru: () => import('virtual:server-messages/ru').then((module) => module.default),
  en: () => import('virtual:server-messages/en').then((module) => module.default),
};
/** What any page may say without its own texts: an answer that never came (offline), a server error, signing out. */
const anyPageMessagesOf: Record<Language, () => Promise<Texts>> = {
  uz: async () => uzbekAnyPageMessages,
  ru: () => import('virtual:server-messages/ru?only=offline,serverNotWorking,loggedOut').then((module) => module.default),
  en: () => import('virtual:server-messages/en?only=offline,serverNotWorking,loggedOut').then((module) => module.default),
};

function textsOf(language: Language, namespace: string): Promise<Texts> {
  if (namespace === 'messages') return messagesOf[language]();
  if (namespace === 'any-page-messages') return anyPageMessagesOf[language]();
  const load = otherFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

const uzbekResources: Record<string, Texts> = { 'any-page-messages': uzbekAnyPageMessages };
for (const [path, texts] of Object.entries(uzbekFirstPageFiles)) uzbekResources[path.match(/([\w-]+)\.json$/)![1]] = texts;

// A namespace asked for offline waits for the connection, as the code that uses it does.
const catalogue = createTranslationCatalogue((language, namespace) => loadWhenOnline(() => textsOf(language, namespace)), { [DEFAULT_LANGUAGE]: uzbekResources });

/** The namespaces rendered so far: a new language gets them all before the page switches to it. */
const namespacesInUse = new Set(FIRST_PAGE_NAMESPACES);

let language: Language = DEFAULT_LANGUAGE;
let latestLanguageRequest = 0;
const languageListeners = new Set<() => void>();

function subscribeToLanguage(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Whether the person chose a language here (the Mini App follows Telegram's until they do). */
export function languageChosen(): boolean {
  return isLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
}

export function currentLanguage(): Language {
  return language;
}

/**
 * Switches the page to `next` once the texts in use are there in it; the last choice wins.
 * `remember: false` shows it without making it the person's choice (Telegram's language).
 */
export async function changeLanguage(next: Language, { remember = true } = {}): Promise<void> {
  if (remember) localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  const request = ++latestLanguageRequest;
  await Promise.all([...namespacesInUse].map((namespace) => catalogue.loading(next, namespace)));
  if (request !== latestLanguageRequest) return;
  language = next;
  document.documentElement.setAttribute('lang', next);
  languageListeners.forEach((listener) => listener());
}

/**
 * What `use` is given when the texts are already there: a promise React sees as fulfilled, so it
 * does not suspend. `use` must be called on every render: when a component that suspended on its
 * texts is replayed, the `use` call is what switches React back to mounting the hooks that follow
 * (skipping it threw React's error 467, 'update hook called on initial render', at the next useId).
 */
const TEXTS_READY = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/** The language on screen, for texts the contracts hold in every language (statuses, reasons, regions). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage);
}

/**
 * The texts of `namespaces` (default `common`; `t` reads the first without a prefix, the others
 * as `namespace:key`) in the current language; suspends while they load, all at once.
 */
export function useTranslation(namespaces: string | readonly string[] = 'common'): { t: TFunction } {
  const shown = useSyncExternalStore(subscribeToLanguage, currentLanguage);
  const names = typeof namespaces === 'string' ? [namespaces] : namespaces;
  names.forEach((namespace) => namespacesInUse.add(namespace));
  const loads = names.map((namespace) => catalogue.loading(shown, namespace));
  for (const load of loads) use(load ?? TEXTS_READY);
  return { t: catalogue.translator(shown, names[0]) };
}

/**
 * Loads `namespaces` in the language on screen ahead of the components that read them (a page's
 * texts beside its code, router.tsx): they then render at once, not a round trip later. A
 * language switch begun after this call waits for them too.
 */
export function loadTexts(namespaces: readonly string[]): Promise<unknown> {
  namespaces.forEach((namespace) => namespacesInUse.add(namespace));
  return Promise.all(namespaces.map((namespace) => catalogue.loading(language, namespace)));
}

/**
 * One of the server messages any page may show (`offline`, `serverNotWorking`, `loggedOut`) in
 * the language on screen, for code outside React: they are always loaded (a first-page
 * namespace, which a language switch waits for), also offline.
 */
export function messageText(key: 'offline' | 'serverNotWorking' | 'loggedOut'): string {
  return catalogue.translator(language, 'any-page-messages')(key);
}

/**
 * Shows the stored language, or when the person chose none, `suggested` (inside Telegram, its
 * user's); resolves once its texts of the first pages are in place (the app renders after it).
 */
export function startInStoredLanguage(suggested?: Language): Promise<void> {
  // Neither is the person's choice: the Mini App follows Telegram's language until they make one.
  return changeLanguage(languageChosen() || !suggested ? storedLanguage() : suggested, { remember: false });
}
