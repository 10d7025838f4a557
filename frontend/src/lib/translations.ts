import rosetta from 'rosetta';
import { DEFAULT_LANGUAGE, type Language } from '@market/contracts';

/** One namespace's texts in one language: nested keys to texts with `{{placeholder}}`s. */
export type Texts = Record<string, unknown>;

/** A text's placeholders' values, plus where to look it up and what to say when it is missing. */
export interface TextOptions {
  ns?: string;
  defaultValue?: string;
  [placeholder: string]: unknown;
}

/** `t('key.path')`, `t('namespace:key')`, `t('key', { ns, defaultValue, ...placeholders })`. */
export type TFunction = (key: string, options?: TextOptions) => string;

export interface TranslationCatalogue {
  /** The load of `namespace` in `language` while it is on its way; undefined once it is there (or failed). */
  loading(language: Language, namespace: string): Promise<void> | undefined;
  /** Reads `namespace` (the default for keys without one) in `language`, falling back to Uzbek, then to the key. */
  translator(language: Language, namespace: string): TFunction;
}

/**
 * The texts of every language, by namespace. `bundled` are there from the start; any other
 * namespace is loaded by `load` when first asked for. A load that fails is not retried (a
 * redeploy's missing file stays missing): its texts fall back to Uzbek, then to their keys.
 */
export function createTranslationCatalogue(
  load: (language: Language, namespace: string) => Promise<Texts>,
  bundled: Partial<Record<Language, Record<string, Texts>>> = {},
): TranslationCatalogue {
  const texts = rosetta<Record<string, Texts>>();
  const settled = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  const translators = new Map<string, TFunction>();

  for (const [language, namespaces] of Object.entries(bundled)) {
    texts.set(language, namespaces);
    for (const namespace of Object.keys(namespaces)) settled.add(`${language}/${namespace}`);
  }

  function loading(language: Language, namespace: string): Promise<void> | undefined {
    const id = `${language}/${namespace}`;
    if (settled.has(id)) return undefined;
    let request = pending.get(id);
    if (!request) {
      request = load(language, namespace)
        .then(
          (loaded) => texts.set(language, { [namespace]: loaded }),
          (error: unknown) => console.error(`Texts ${id} did not load`, error),
        )
        .finally(() => {
          settled.add(id);
          pending.delete(id);
        });
      pending.set(id, request);
    }
    return request;
  }

  function lookUp(language: Language, namespace: string, key: string, options?: TextOptions): string | undefined {
    const text: unknown = texts.t([namespace, ...key.split('.')], options, language);
    return typeof text === 'string' && text !== '' ? text : undefined;
  }

  function translator(language: Language, defaultNamespace: string): TFunction {
    const id = `${language}/${defaultNamespace}`;
    let t = translators.get(id);
    if (!t) {
      t = (qualifiedKey, options) => {
        const separator = qualifiedKey.indexOf(':');
        const namespace = separator > 0 ? qualifiedKey.slice(0, separator) : (options?.ns ?? defaultNamespace);
        const key = separator > 0 ? qualifiedKey.slice(separator + 1) : qualifiedKey;
        return (
          lookUp(language, namespace, key, options) ??
          lookUp(DEFAULT_LANGUAGE, namespace, key, options) ??
          options?.defaultValue ??
          qualifiedKey
        );
      };
      translators.set(id, t);
    }
    return t;
  }

  return { loading, translator };
}
