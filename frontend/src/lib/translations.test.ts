import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@market/contracts';
import { createTranslationCatalogue, type Texts } from './translations';

const uzbek = {
  common: { footer: 'Barcha huquqlar himoyalangan', greeting: 'Salom, {{name}}!', onlyUzbek: "Faqat o'zbekcha" },
  messages: { saved: 'Saqlandi', invalidValue: "Noto'g'ri qiymat" },
};
const russianFiles: Record<string, Texts> = {
  common: { footer: 'Все права защищены', greeting: 'Здравствуйте, {{name}}!' },
  sell: { steps: { price: 'Цена', photos: 'Фото' } },
};

function catalogueWith(load = vi.fn(async (language: Language, namespace: string) => {
  const texts = language === 'ru' ? russianFiles[namespace] : undefined;
  if (!texts) throw new Error(`no ${language}/${namespace}`);
  return texts;
})) {
  return { load, catalogue: createTranslationCatalogue(load, { uz: uzbek }) };
}

describe('translation catalogue', () => {
  it('reads bundled texts at once, with placeholders filled in', () => {
    const { catalogue, load } = catalogueWith();
    expect(catalogue.loading('uz', 'common')).toBeUndefined();
    const t = catalogue.translator('uz', 'common');
    expect(t('footer')).toBe('Barcha huquqlar himoyalangan');
    expect(t('greeting', { name: 'Aziz' })).toBe('Salom, Aziz!');
    expect(load).not.toHaveBeenCalled();
  });

  it('finds keys of another namespace by prefix or by option', () => {
    const t = catalogueWith().catalogue.translator('uz', 'common');
    expect(t('messages:saved')).toBe('Saqlandi');
    expect(t('saved', { ns: 'messages' })).toBe('Saqlandi');
  });

  it('loads a namespace once, however many readers ask while it is on its way', async () => {
    const { catalogue, load } = catalogueWith();
    const first = catalogue.loading('ru', 'sell');
    expect(catalogue.loading('ru', 'sell')).toBe(first);
    expect(catalogue.translator('ru', 'sell')('steps.price')).toBe('steps.price');
    await first;
    expect(catalogue.loading('ru', 'sell')).toBeUndefined();
    expect(catalogue.translator('ru', 'sell')('steps.price')).toBe('Цена');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('falls back to Uzbek, then to the default value, then to the key', async () => {
    const { catalogue } = catalogueWith();
    await catalogue.loading('ru', 'common');
    const t = catalogue.translator('ru', 'common');
    expect(t('greeting', { name: 'Aziz' })).toBe('Здравствуйте, Aziz!');
    expect(t('onlyUzbek')).toBe("Faqat o'zbekcha");
    expect(t('messages:unknownCode', { defaultValue: t('messages:invalidValue') })).toBe("Noto'g'ri qiymat");
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('never answers a group of texts for a key that names one', async () => {
    const { catalogue } = catalogueWith();
    await catalogue.loading('ru', 'sell');
    expect(catalogue.translator('ru', 'sell')('steps')).toBe('steps');
  });

  it('settles a failed load without retrying it, and reads the fallback instead', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { catalogue, load } = catalogueWith();
    await catalogue.loading('en', 'common');
    expect(catalogue.loading('en', 'common')).toBeUndefined();
    expect(catalogue.translator('en', 'common')('footer')).toBe('Barcha huquqlar himoyalangan');
    expect(load).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Texts en/common did not load', expect.any(Error));
    error.mockRestore();
  });

  it('gives each language and namespace one stable t, as hooks expect', () => {
    const { catalogue } = catalogueWith();
    expect(catalogue.translator('uz', 'common')).toBe(catalogue.translator('uz', 'common'));
    expect(catalogue.translator('uz', 'common')).not.toBe(catalogue.translator('ru', 'common'));
  });
});
