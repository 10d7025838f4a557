import { describe, expect, it } from 'vitest';
import type { Language } from '@market/contracts';
import { createTranslationCatalogue } from '../../lib/translations';
import en from '../../locales/en/sell.json';
import ru from '../../locales/ru/sell.json';
import uz from '../../locales/uz/sell.json';
import { tariffReach } from './tariff-reach';

const catalogue = createTranslationCatalogue(async () => ({}), { uz: { sell: uz }, ru: { sell: ru }, en: { sell: en } });
const reach = (language: Language, channels: Parameters<typeof tariffReach>[0]) => tariffReach(channels, catalogue.translator(language, 'sell'));

describe("a tariff's reach", () => {
  it("keeps the spec's words when every channel is set up, in whatever order the server names them", () => {
    expect(reach('uz', ['telegram', 'instagram', 'facebook'])).toBe('Saytda, Facebook, Instagram va Telegram kanalida');
    expect(reach('ru', ['telegram', 'instagram', 'facebook'])).toBe('На сайте, в Facebook, Instagram и Telegram-канале');
    expect(reach('en', ['telegram', 'instagram', 'facebook'])).toBe('On the website, Facebook, Instagram and the Telegram channel');
  });

  it('names only the channels set up, from the same words', () => {
    expect(reach('uz', ['telegram'])).toBe('Saytda, Telegram kanalida');
    expect(reach('uz', ['instagram', 'facebook'])).toBe('Saytda, Facebook va Instagram kanalida');
    expect(reach('ru', ['telegram', 'facebook'])).toBe('На сайте, в Facebook и Telegram-канале');
    expect(reach('en', ['instagram'])).toBe('On the website, Instagram');
  });

  it('says website only when no channel is set up', () => {
    expect(reach('uz', [])).toBe('Faqat saytda');
    expect(reach('ru', [])).toBe('Только на сайте');
    expect(reach('en', [])).toBe('Website only');
  });
});
