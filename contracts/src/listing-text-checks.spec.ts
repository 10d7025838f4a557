import { cardNumberSpans, contactSpans, maskCardNumbers, SCAM_WORDING, wordingSpans } from './listing-text-checks';

const found = (text: string, spans: { start: number; end: number }[]) => spans.map((span) => text.slice(span.start, span.end));

describe('what the checks find in a seller’s words (issue 35)', () => {
  it('finds card numbers however they are grouped, with a card prefix and a valid check digit', () => {
    for (const card of ['8600 1234 5678 9012', '8600-1234-5678-9012', '8600.1234.5678.9012', '8600123456789012', '9860 0101 2345 6781', '4111 1111 1111 1111', '5555555555554444']) {
      expect(found(`karta ${card}, tezroq`, cardNumberSpans(`karta ${card}, tezroq`))).toEqual([card]);
    }
    // A wrong check digit, an unknown prefix, an IMEI (15 digits) and a price are no card.
    for (const text of ['8600 1234 5678 9013', '1234 5678 9012 3452', 'IMEI 356938035643809', '12 500 000 so‘m', 'karta orqali to‘lov ham mumkin']) {
      expect(cardNumberSpans(text)).toEqual([]);
    }
  });

  it('masks a card number but its last four digits, leaving the rest of the text', () => {
    expect(maskCardNumbers('Karta 8600 1234 5678 9012 ga tashlang')).toBe('Karta **** **** **** 9012 ga tashlang');
    expect(maskCardNumbers('Narxi 4 500 000, qutisi bor')).toBe('Narxi 4 500 000, qutisi bor');
  });

  it('finds phone numbers, Telegram, WhatsApp, handles and web addresses, not prices, memory or IMEIs', () => {
    const text = 'tel 90 123 45 67, +998 (91) 234-56-78, 8 93 345 67 89, 997654321 t.me/sotuvchi @baraka_shop whatsapp olx.uz/item https://x.com telegram: arzon_tel insta: arzon.uz_shop';
    expect(found(text, contactSpans(text))).toEqual([
      '90 123 45 67',
      '+998 (91) 234-56-78',
      '8 93 345 67 89',
      '997654321',
      't.me/sotuvchi',
      '@baraka_shop',
      'whatsapp',
      'olx.uz/item',
      'https://x.com',
      'telegram: arzon_tel',
      'insta: arzon.uz_shop',
    ]);
    for (const honest of ['Narxi 4 500 000 so‘m, 128/6 GB, batareya 87%', 'Narx 950 000 000 emas, 9 500 000', 'IMEI 356938035643809', 'iPhone 13 Pro Max 256GB', 'Telegram orqali yozing', 'imei.info va apple.com da tekshirildi']) {
      expect(contactSpans(honest)).toEqual([]);
    }
  });

  it('finds prepayment wording in Uzbek Latin and Cyrillic, Russian and English, however the apostrophe is typed', () => {
    const scams = [
      "Oldindan to'lov qiling",
      'Oldindan to‘lov 50%',
      'oldindan tolov bilan',
      'Avansga 200 ming tashlang',
      'Kartaga tashlang, yuboraman',
      'Олдиндан тўлов қилинг',
      'олдиндан тулов',
      'Картага ташланг',
      'Только по предоплате',
      'Переведите на карту, отправлю почтой',
      'Оплата вперёд',
      'Prepayment only, shipping from Dubai',
      'Small deposit to reserve',
      'predoplata bor',
      'Avval pulini tashlang',
      'Нужен задаток',
      'Payment upfront please',
    ];
    for (const text of scams) expect(wordingSpans(text, SCAM_WORDING).words).not.toEqual([]);
    const honest = [
      'Без предоплаты, только при встрече',
      'Предоплата не нужна, смотрите телефон',
      'No deposit, pay when you see it',
      "Oldindan to'lov shart emas, ko'rib oling",
      "Oldindan rahmat",
      "Karta orqali to'lov ham mumkin", 'Qutisi, zaryadkasi bor', 'Оплата при встрече, можно картой', 'Payment in cash or by card when we meet', "To'lov uchrashganda"];
    for (const text of honest) expect(wordingSpans(text, SCAM_WORDING).words).toEqual([]);
  });

  it('marks the span as the seller wrote it, and matches whole words only', () => {
    const text = 'Iltimos, OLDINDAN TO‘LOV qiling';
    expect(found(text, wordingSpans(text, SCAM_WORDING).spans)).toEqual(['OLDINDAN TO‘LOV']);
    expect(wordingSpans('Tolovchi emas', ['tolov']).words).toEqual([]);
  });
});
