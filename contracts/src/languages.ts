/** Interface languages; uz is the default and the fallback for every missing text. */
export const LANGUAGES = ['uz', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';

/** A text in every interface language: the shape of server messages and reference data labels. */
export type Translated = Record<Language, string>;
