import { formatListingPrice, LANGUAGES } from '@market/contracts';
import { digestText, matchedText, priceLoweredText } from './buyer-alert-texts';

const listing = { name: 'iPhone 13', price: 4_500_000, valut: 'uzs' as const, link: 'http://127.0.0.1/phone/1' };

describe("buyers' alert texts", () => {
  it('write prices as the site does, in each language', () => {
    for (const language of LANGUAGES) {
      expect(matchedText(language, listing)).toContain(formatListingPrice(4_500_000, 'uzs', language));
      expect(digestText(language, [{ ...listing, price: 350, valut: 'usd' }])).toContain(formatListingPrice(350, 'usd', language));
      expect(priceLoweredText(language, listing, { price: 5_000_000, valut: 'uzs' })).toContain(
        `${formatListingPrice(5_000_000, 'uzs', language)} → ${formatListingPrice(4_500_000, 'uzs', language)}`,
      );
    }
  });

  it("say that /stop stops every message of the bot (it unlinks the chat), not only this search's, which the alert's button pauses", () => {
    expect(matchedText('uz', listing)).toMatch(/Barcha xabarlarni to'xtatish: \/stop$/);
    expect(matchedText('ru', listing)).toMatch(/Отключить все уведомления бота: \/stop$/);
    expect(matchedText('en', listing)).toMatch(/To stop every message from this bot: \/stop$/);
    for (const language of LANGUAGES) expect(digestText(language, [listing]).split('\n').at(-1)).toBe(matchedText(language, listing).split('\n').at(-1));
  });
});
