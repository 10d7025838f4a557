import { messageWarnings, messageWarningText, PAYMENT_CLAIMED_WARNING_TEXT, PHONE_FIRST_WARNING_TEXT, SECRETS_WARNING_TEXT } from './conversations';
import { cardNumberSpans, contactSpans, maskCardNumbers, paymentClaimSpans, phoneFirstSpans, SCAM_WORDING, scamWordingSpans, secretRequestSpans, wordingSpans } from './listing-text-checks';

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

  it('finds a card number written to slip past a filter: spaced out, across lines, between other marks, in look-alike digits', () => {
    const fullwidth = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
    const keycaps = (text: string) => text.replace(/\d/g, (digit) => `${digit}\ufe0f\u20e3`);
    const written = [
      '8600  1234  5678  9012',
      '8600\n1234\n5678\n9012',
      '8600 / 1234 / 5678 / 9012',
      '8600,1234,5678,9012',
      '8600_1234_5678_9012',
      '8600 | 1234 | 5678 | 9012',
      '86OO 1234 5678 9O12',
      '86оо 1234 5678 9о12',
      '8600 I234 5678 90I2',
      '8600 l234 5678 90l2',
      '8600 12З4 5678 9012',
      '86OO I2З4 5б78 9OI2',
      '86 00 12 34 56 78 90 12',
      fullwidth('8600 1234 5678 9012'),
      keycaps('8600123456789012'),
      '𝟖𝟔𝟎𝟎 𝟏𝟐𝟑𝟒 𝟓𝟔𝟕𝟖 𝟗𝟎𝟏𝟐',
    ];
    for (const card of written) expect(found(`karta: ${card} tashlang`, cardNumberSpans(`karta: ${card} tashlang`))).toEqual([card]);
    // An O in a word before the number is a letter: 'Pro', not a zero joining the digits.
    expect(found('iPhone 13 Pro 8600 1234 5678 9012', cardNumberSpans('iPhone 13 Pro 8600 1234 5678 9012'))).toEqual(['8600 1234 5678 9012']);
    // Nor is an l or an I in a word a one: 'Galaxy S21 Ultra 8600 …', 'iPhone 11 Pro Max I 256'.
    expect(found('Galaxy S21 Ultra 8600 1234 5678 9012', cardNumberSpans('Galaxy S21 Ultra 8600 1234 5678 9012'))).toEqual(['8600 1234 5678 9012']);
    // Prices and specifications next to each other are still no card, nor 16 digits inside a longer run.
    for (const text of ['Narxi 4 500 000, 5 500 000 edi', '8/256 GB, 2023, batareya 95%, 6.1"', '8600 1234 5678 9012 3456', 'Boss 4500 / 4700 / 5100 / 2200']) {
      expect(cardNumberSpans(text)).toEqual([]);
    }
  });

  it('finds a local card number whose groups of four have words between them, and no run of specifications', () => {
    const split = [
      '8600 1234 va keyin 5678 9012',
      '8600 1234, ikkinchisi 5678 9012',
      '8600 va 1234 va 5678 va 9012',
      '9860 0101 (bu mening kartam) 2345 6781',
      '8600 1234 потом 5678 и 9012',
      '8600 1234 пять шесть семь восемь, потом 9012',
    ];
    for (const card of split) {
      const text = `Oldindan yarmini tashlang: ${card}. Rahmat`;
      expect(found(text, cardNumberSpans(text))).toEqual([card]);
    }
    expect(maskCardNumbers('Karta 8600 1234 va 5678 9012')).toBe('Karta **** **** va **** 9012');
    expect(found('Olingan 8600 yilda emas, karta 8600 1234 va 5678 9012', cardNumberSpans('Olingan 8600 yilda emas, karta 8600 1234 va 5678 9012'))).toEqual(['8600 1234 va 5678 9012']);
    for (const honest of [
      'Ekran 2400x1080, batareya 4500 mAh, 2023 yil, 5100 mln',
      'Karta orqali to‘lov mumkin. 2400 x 1080, 4500 mAh, 2023-yil',
      'Batareya 8600 mAh, 2022 yil, 1080 x 2400 ekran',
      '8600 1234 5678 (tel 90 123 45 67) 9012 yo‘q',
      '8600 1234 ' + 'juda uzoq gap, kartaga hech qanday aloqasi yo‘q, faqat telefon haqida' + ' 5678 9012',
    ]) {
      expect({ honest, cards: cardNumberSpans(honest) }).toEqual({ honest, cards: [] });
    }
  });

  it('finds a card number or a phone number spelled out in words, digit by digit or in tens and hundreds, in any of the four spellings', () => {
    const spelled = [
      'sakkiz olti nol nol bir ikki uch to‘rt besh olti yetti sakkiz to‘qqiz nol bir ikki',
      'Саккиз олти нол нол, бир икки уч тўрт, беш олти етти саккиз, тўққиз нол бир икки',
      'восемь шесть ноль ноль один два три четыре пять шесть семь восемь девять ноль один два',
      'восемьдесят шесть ноль ноль двенадцать тридцать четыре пятьдесят шесть семьдесят восемь девяносто двенадцать',
      'восемьсот шестьдесят ноль, сто двадцать три, четыре пять шесть семь восемь девять ноль один два',
      'eight six zero zero twelve thirty-four fifty-six seventy-eight ninety twelve',
      'sakson olti nol nol o‘n ikki o‘ttiz to‘rt ellik olti yetmish sakkiz to‘qson o‘n ikki',
      '8600 1234 пять шесть семь восемь 9012',
      'вoсемь шесть ноль ноль 1234 5678 9012',
      // Russian typed in Latin.
      'vosem shest nol nol odin dva tri chetyre pyat shest sem vosem devyat nol odin dva',
    ];
    for (const card of spelled) {
      const text = `karta: ${card} tashlang`;
      expect(found(text, cardNumberSpans(text))).toEqual([card]);
    }
    expect(maskCardNumbers('восемь шесть ноль ноль 1234 5678 девять ноль один два')).toBe('* * * * **** **** девять ноль один два');
    for (const phone of [
      'to‘qson bir ikki uch to‘rt besh olti yetti sakkiz',
      'девяносто один 234 56 78',
      'nine nine eight ninety one two three four five six seven eight',
      // Its groups dictated with commas between, as a number is read aloud.
      'девяносто один, сто двадцать три, сорок пять, шестьдесят семь',
      'to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti',
      'девять восемь, семь шесть пять, четыре три два один',
      'devyanosto odin, sto dvadtsat tri, sorok pyat, shestdesyat sem',
    ]) {
      expect(found(`tel ${phone} kechqurun`, contactSpans(`tel ${phone} kechqurun`))).toEqual([phone]);
    }
    // Numbers in words that are not a card or a phone: counts, ages, prices and a model's name.
    for (const honest of [
      'Bir yil ishlatilgan, ikki oy kafolat, uch kun ichida',
      'Один владелец, два чехла, три месяца, пять лет гарантии',
      'One owner, bought in twenty twenty three, on sale for two weeks',
      'Odin vladelec, dva chehla, tri mesyatsa, pyat let garantii',
      'iPhone 13 Pro, 128 GB, sakkiz yuz ming so‘m, 90 foiz batareya',
      'Narxi 4 500 000, savdo bor, tel orqali emas',
      'Xotira 64, 128, 256 GB, ekran 6.1, 120 Hz, 5000 mAh',
    ]) {
      expect(cardNumberSpans(honest)).toEqual([]);
      expect(contactSpans(honest)).toEqual([]);
    }
  });

  it('masks a card number but its last four digits, leaving the rest of the text', () => {
    expect(maskCardNumbers('Karta 8600 1234 5678 9012 ga tashlang')).toBe('Karta **** **** **** 9012 ga tashlang');
    expect(maskCardNumbers('Narxi 4 500 000, qutisi bor')).toBe('Narxi 4 500 000, qutisi bor');
    expect(maskCardNumbers('karta 86OO\n1234  5678 9O12!')).toBe('karta ****\n****  **** 9O12!');
    expect(maskCardNumbers('８６００ １２３４ ５６７８ ９０１２')).toBe('**** **** **** ９０１２');
    expect(maskCardNumbers('𝟖𝟔𝟎𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗𝟎𝟏𝟐')).toBe('************𝟗𝟎𝟏𝟐');
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
    // A link with a path, shortened or on a look-alike domain, whatever the ending: where a fake payment page waits.
    for (const link of ['bit.ly/3xYz', 'olx-pay.uz/deal/123', 'click-uz.pay-safe.com', 'goo.gl/abc1', 'pay-olx.top/d/5']) {
      expect(found(`Oplata: ${link}`, contactSpans(`Oplata: ${link}`))).toEqual([link]);
    }
    // Another country's number: with its '+' and code, or a Russian mobile's 11 digits.
    for (const phone of ['+7 916 123 45 67', '+992 93 123 4567', '+996 555 123 456', '+1 (415) 555-2671', '+44 7911 123456', '8 916 123 45 67', '79161234567']) {
      expect(found(`Tel: ${phone}, kechqurun`, contactSpans(`Tel: ${phone}, kechqurun`))).toEqual([phone]);
    }
    for (const honest of ['Narxi 7 900 000, 8 900 000 edi', 'IMEI 356938035643809', 'Seriya 8916 1234 5', '+15% chegirma, 2 500 000']) expect(contactSpans(honest)).toEqual([]);
    // A link with a path on any country's ending: shorteners and link pages on endings no list holds.
    for (const link of ['instagr.am/arzon', 'linktr.ee/arzon', 'youtu.be/abc123', 'bit.do/abc', 'is.gd/abc', 'rb.gy/abc']) {
      expect(found(`Batafsil: ${link}`, contactSpans(`Batafsil: ${link}`))).toEqual([link]);
    }
    for (const honest of ['Xotira 8gb.ram/256gb, 6.1 dyuym', 'Batareya 5000mah.li/po', 'Soat 10 a.m/p.m', 'Rang: Midnight.blue/black', 'Tezlik 1gb.mb/s']) expect(contactSpans(honest)).toEqual([]);
    // Written to slip past: look-alike digits, an O for a zero, slashes or underscores between the groups.
    for (const phone of ['9O 123 45 67', '９０ １２３ ４５ ６７', '90/123/45/67', '90_123_45_67', '+998 (9О) 123-45-67', '9O I2З 45 б7', '91, 123, 45, 67']) {
      expect(found(`tel ${phone} kechqurun`, contactSpans(`tel ${phone} kechqurun`))).toEqual([phone]);
    }
    for (const honest of ['Narxi 4 500 000 so‘m, 128/6 GB, batareya 87%', 'Olingan 12/05/2024, 8/256 GB', 'Narx 950 000 000 emas, 9 500 000', 'Narxi 900,000,000 emas, 9.500.000', 'Xotira 128, 256, 512', 'IMEI 356938035643809', 'iPhone 13 Pro Max 256GB', 'Telegram orqali yozing', 'imei.info va apple.com da tekshirildi']) {
      expect(contactSpans(honest)).toEqual([]);
    }
  });

  it('finds a Telegram contact however it is garbled: a link spaced out or in mixed letters, a handle beside the word for Telegram or Instagram', () => {
    const contacts = {
      't. me/arzon_tel': 't. me/arzon_tel',
      't . me / arzon_tel': 't . me / arzon_tel',
      'tme/arzon_tel': 'tme/arzon_tel',
      't me arzon_tel': 't me arzon_tel',
      't.mе/arzon_tel (Cyrillic е)': 't.mе/arzon_tel',
      't[.]me/arzon_tel': 't[.]me/arzon_tel',
      't(.)me/arzon_tel': 't(.)me/arzon_tel',
      't dot me/arzon_tel': 't dot me/arzon_tel',
      't nuqta me/arzon_tel': 't nuqta me/arzon_tel',
      '@ arzon_tel': '@ arzon_tel',
      'телега: arzon_tel': 'телега: arzon_tel',
      'Pishite v telegu: arzon_tel': 'telegu: arzon_tel',
      'telegram arzon_tel': 'telegram arzon_tel',
      'Телеграм arzon_tel': 'Телеграм arzon_tel',
      'Telegramdan yozing: arzon_tel': 'Telegramdan yozing: arzon_tel',
      'arzon_tel (telegram)': 'arzon_tel (telegram',
      'tg arzon_tel2': 'tg arzon_tel2',
      'Instagram sahifam ivan_phones_uz': 'Instagram sahifam ivan_phones_uz',
      'insta ivan.phones': 'insta ivan.phones',
      'Инстаграмдаги саҳифамиз ivan_phones': 'Инстаграмдаги саҳифамиз ivan_phones',
      'ivan_phones_uz (instagram)': 'ivan_phones_uz (instagram',
      // Instagram shortened, before a colon: any name.
      'IG: ivanphones': 'IG: ivanphones',
      'inst: ivan.phones': 'inst: ivan.phones',
      'Инст: ivanphones': 'Инст: ivanphones',
      // A nickname beside the word for Telegram or Instagram: any name.
      'Ник в телеге sotuvchi': 'Ник в телеге sotuvchi',
      'Мой ник sotuvchi в телеге': 'ник sotuvchi в телеге',
      'Найдите меня в тг по нику phonedealer': 'тг по нику phonedealer',
      'Username in telegram is phonedealer': 'Username in telegram is phonedealer',
      'Telegramdagi nikim sotuvchi': 'Telegramdagi nikim sotuvchi',
      // A name spelled a letter at a time after an @ or a messenger's word; an at sign written out.
      '@ s o t u v c h i': '@ s o t u v c h i',
      'Telegramdan yozing: a.r.z.o.n_1': 'Telegramdan yozing: a.r.z.o.n_1',
      'arzon_tel (at) telegram': 'arzon_tel (at) telegram',
      'ivan [at] gmail': 'ivan [at] gmail',
      'ivan собака gmail точка ком': 'ivan собака gmail',
      'Пишите (at)sotuvchi': '(at)sotuvchi',
      // Telegram with an Uzbek ending after a hyphen, or called 'тележка'.
      'Tg-dan yozing: sotuvchi': 'Tg-dan yozing: sotuvchi',
      'Написать в тележку: phonedealer': 'тележку: phonedealer',
      // A Latin name right after the Cyrillic word for Telegram; 'inst' before a page's name; an address spelled out.
      'Телега phonedealer': 'Телега phonedealer',
      'Пишите в телеграм phonedealer': 'телеграм phonedealer',
      'inst ivan_phones': 'inst ivan_phones',
      'ivan at gmail dot com': 'ivan at gmail dot com',
      'gmail: ivanphones': 'gmail: ivanphones',
      'imo bor, yozing': 'imo',
      'vayber bor': 'vayber',
      // An Instagram page after a colon; a channel or group to join or look for.
      'Sahifamiz instagramda: ivan.phones': 'instagramda: ivan.phones',
      "Kanalimizga obuna bo'ling": "Kanalimizga obuna",
      'Подписывайтесь на наш канал': 'Подписывайтесь на наш канал',
      'Join our channel for more phones': 'Join our channel',
      "Telegram guruhimizga qo'shiling": "guruhimizga qo'shiling",
      // The contact put in a photo, where no text check reads it.
      'Kontakt rasmda': 'Kontakt rasmda',
      'Телефон для связи на фото': 'Телефон для связи на фото',
      'Phone number is in the photos': 'Phone number is in the photos',
      'Rasmda raqamim bor': 'Rasmda raqamim',
      // A username by its name; a site's dot spelled out.
      'My handle is phonedealer_uz': 'handle is phonedealer_uz',
      'username: arzon_tel': 'username: arzon_tel',
      'Reach me at phonedealer dot uz': 'phonedealer dot uz',
      // A name ending its clause after the word for Telegram, 'is' or a Latin-typed Russian preposition before it.
      'Pishite v telegu phonedealer': 'telegu phonedealer',
      'My tg is phonedealer': 'tg is phonedealer',
      'Telegram phonedealer, yozing': 'Telegram phonedealer',
      'tg — phonedealer': 'tg — phonedealer',
      'tg phonedealer (yozing)': 'tg phonedealer',
    };
    for (const [text, contact] of Object.entries(contacts)) expect(found(text, contactSpans(text))).toEqual([contact]);
    for (const honest of ['Telegram orqali yozing', 'Let me know, t me is not a link', 'Telegramda ham javob beraman', 'Телеграм и Инстаграм работают', 'iPhone 13 Pro Max, telegram bilan ishlaydi', 'Model mww1ntgg, A2403tg', 'Instagramda ko‘proq rasm bor', 'instagramda iPhone13 rasmlari ham bor', 'Installation of apps done', 'Big: 6.7 dyuym', 'Instant: zaryad 30 daqiqada', 'Small nick on the corner, telegram me', 'Username and password removed, telegram works', 'Nikita aka telefon', 'Ник в телеге скажу при встрече', 'Samsung собака погрызла немного', 'tg-da javob beraman', 'Тележка для продуктов в подарок', 'Телеграм Premium есть', 'Installation done, inst app works', "Pochta: Toshkent bo'ylab", "Instagramda: rasmlar ko'p", 'YouTube kanalimda obzor bor', 'Izlang, arzonini topolmaysiz', 'IMEI raqami rasmda', 'Номер модели на фото', 'Kontaktlar ishlaydi, rasmga oling', 'Контакты, фото и видео сохранены', 'Handle with care, no scratches', 'Ekran 6.1 dot', 'Telegram orqali yozing, A 1 5 bionic', 'Rangi: q o r a', 'Pishite v telege, otvechu', 'Telegramda yozing', 'Telegram is faster', 'Telegram ishlaydi', 'V telege pishite', 'Telegram only please', 'Telegram orqali', 'Telegram: pishite', 'Telegram bor', 'Telegramdan yozing']) {
      expect(contactSpans(honest)).toEqual([]);
    }
    // A word of letters and digits holding 'tg' or 'me' (a model code, a test brand's timestamp) is no contact.
    for (let word = 0; word < 20_000; word++) {
      const code = (1_700_000_000_000 + word * 15_485_863).toString(36);
      expect({ code, found: contactSpans(`Sell ${code} Nova 12`) }).toEqual({ code, found: [] });
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
      // Latin and Cyrillic look-alike letters mixed into one word, and the other word order.
      'Aвaнс 100 ming',
      'Только по прeдоплатe',
      'oldindan tоlov',
      'Pulni oldindan tashlang',
      'Пулни олдиндан ташланг',
      'Dostavka pulini oldindan tashlaysiz',
      'Кидайте на карту, отправлю',
      'Send the money first',
    ];
    for (const text of scams) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      'Без предоплаты, только при встрече',
      'Предоплата не нужна, смотрите телефон',
      'No deposit, pay when you see it',
      "Oldindan to'lov shart emas, ko'rib oling",
      "Oldindan rahmat",
      'Бeз прeдоплаты',
      "Karta orqali to'lov ham mumkin", 'Qutisi, zaryadkasi bor', 'Оплата при встрече, можно картой', 'Payment in cash or by card when we meet', "To'lov uchrashganda"];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('reads through invisible characters and letters spaced apart, as a filter-dodging seller writes', () => {
    // Zero-width spaces and joiners, a word joiner, a soft hyphen, a left-to-right mark: nothing on screen.
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u200e', '\ufeff']) {
      const card = `8600${invisible}1234${invisible}5678${invisible}9012`;
      expect(found(`karta ${card} ga`, cardNumberSpans(`karta ${card} ga`))).toEqual([card]);
      expect(wordingSpans(`Только по пред${invisible}оплате`, SCAM_WORDING).words).toEqual(['предоплат*']);
      expect(found(`tel 90${invisible}123${invisible}45${invisible}67`, contactSpans(`tel 90${invisible}123${invisible}45${invisible}67`))).toEqual([`90${invisible}123${invisible}45${invisible}67`]);
      const links = `t.me/${invisible}arzon_tel, @${invisible}baraka_shop, what${invisible}sapp`;
      expect(found(links, contactSpans(links))).toEqual([`t.me/${invisible}arzon_tel`, `@${invisible}baraka_shop`, `what${invisible}sapp`]);
    }
    // A zero for an O and an at sign for an A, in either script.
    for (const leet of ['Пред0плата', "0ldindan t0'l0v", '@vans 100 ming', 'Предопл@та', 'z@l0g']) expect(wordingSpans(leet, SCAM_WORDING).words).not.toEqual([]);
    for (const spaced of ['П Р Е Д О П Л А Т А', 'p-r-e-d-o-p-l-a-t-a', 'a.v.a.n.s', 'o l d i n d a n   t o l o v', 'P R E P A Y M E N T only']) {
      expect(wordingSpans(spaced, SCAM_WORDING).words).not.toEqual([]);
    }
    expect(found('Faqat O L D I N D A N  T O L O V bilan', wordingSpans('Faqat O L D I N D A N  T O L O V bilan', SCAM_WORDING).spans)).toEqual(['O L D I N D A N  T O L O V']);
    // Single letters that are words of their own stay words: no scam made of them.
    for (const honest of ['Я и в Ташкенте, и в Самарканде', 'A B C sinf, 8 GB', 'Rangi: q o r a, holati a\'lo']) {
      expect(wordingSpans(honest, SCAM_WORDING).words).toEqual([]);
    }
  });

  it('reads digits and dots of any script or drawing, and digits standing for letters, as a filter-dodging seller writes', () => {
    // Digits of other scripts (Arabic-Indic, Persian, Devanagari), in circles or on black circles: each is its digit.
    const phones = ['+٩٩٨ ٩٠ ١٢٣ ٤٥ ٦٧', '۹۰ ۱۲۳ ۴۵ ۶۷', '९० १२३ ४५ ६७', '⑨⓪ ①②③ ④⑤ ⑥⑦', '❾⓿ ❶❷❸ ❹❺ ❻❼', '➒⓪ ➊➋➌ ➍➎ ➏➐', '⁹⁰ ¹²³ ⁴⁵ ⁶⁷', '9\u03320\u0332 1\u03322\u03323\u0332 4\u03325\u0332 6\u03327\u0332'];
    for (const phone of phones) expect(found(`tel ${phone} kechqurun`, contactSpans(`tel ${phone} kechqurun`))).toEqual([phone]);
    expect(found('karta ٨٦٠٠ ١٢٣٤ ٥٦٧٨ ٩٠١٢ ga', cardNumberSpans('karta ٨٦٠٠ ١٢٣٤ ٥٦٧٨ ٩٠١٢ ga'))).toEqual(['٨٦٠٠ ١٢٣٤ ٥٦٧٨ ٩٠١٢']);
    expect(found('karta ⑧⑥⓪⓪ ①②③④ ⑤⑥⑦⑧ ⑨⓪①② ga', cardNumberSpans('karta ⑧⑥⓪⓪ ①②③④ ⑤⑥⑦⑧ ⑨⓪①② ga'))).toEqual(['⑧⑥⓪⓪ ①②③④ ⑤⑥⑦⑧ ⑨⓪①②']);
    // Groups joined by dashes, dots, tildes, colons or stars, or by a blank letter (the Hangul filler) that shows as a space.
    for (const phone of ['90–123–45–67', '90—123—45—67', '90·123·45·67', '90•123•45•67', '90~123~45~67', '90:123:45:67', '90*123*45*67', '90\u3164123\u316445\u316467']) {
      expect(found(`tel ${phone} kechqurun`, contactSpans(`tel ${phone} kechqurun`))).toEqual([phone]);
    }
    for (const card of ['4111–1111–1111–1111', '4111·1111·1111·1111', '4111~1111~1111~1111', '4111:1111:1111:1111', '4111\u31641111\u31641111\u31641111']) {
      expect(found(`Visa ${card} ga`, cardNumberSpans(`Visa ${card} ga`))).toEqual([card]);
    }
    for (const honest of ['Ish vaqti 09:00–21:00, har kuni', '8/256 GB · 2023 · 95%', 'Soat 10:00~18:00 gacha', 'Narxi 2 500 000 – 2 700 000']) expect(contactSpans(honest)).toEqual([]);
    // A phone in groups of three is a phone, with its country code or without; a round figure so grouped is a price.
    for (const phone of ['998 901 234 567', '+998 901 234 567', '901 234 567', '901.234.567', '8 901 234 567']) {
      expect(found(`Tel: ${phone}, yozing`, contactSpans(`Tel: ${phone}, yozing`))).toEqual([phone]);
    }
    for (const price of ['Narxi 2 500 000', 'Narx 950 000 000 emas', 'Narxi 250.500.000 emas, 2.505.000', 'Yangi narxi 901 234 000 emas']) expect(contactSpans(price)).toEqual([]);
    // A link's dot as another script writes it, in full width or in words between brackets; a Telegram app link.
    const links = ['t.mε/arzon_tel', 'Τelegram: arzon_tel', 't·me/arzon_tel', 't•me/arzon_tel', 'ᵗ.ᵐᵉ/arzon_tel', 'arzon@gmail.com', 'Skype: arzon_tel', 'Discord: arzontel', 'WeChat: arzontel', 'VK: arzon_tel', 'Фейсбук: arzon.tel', 't。me/arzon_tel', 't｡me/arzon_tel', 't․me/arzon_tel', 'ｔ．ｍｅ/arzon_tel', 't(dot)me/arzon_tel', 't [dot] me/arzon_tel', 't (nuqta) me/arzon_tel', 'tg://resolve?domain=arzon_tel', 'telegram.dog/arzon_tel', 'arzon＠gmail．com', 'olx．uz/item', '𝐭.𝐦𝐞/arzon_tel'];
    for (const link of links) expect(found(`Yozing: ${link}`, contactSpans(`Yozing: ${link}`))).toEqual([link]);
    // A network named with what it does or has, no name: 'Facebook: joylanmadi', 'Skype: ishlamaydi'.
    for (const honest of ['Facebook: joylanmadi', 'Instagram: kutilmoqda', 'Skype: ishlamaydi', 'VK: mavjud emas', 'Telegram: ulangan', 'Instagram: yopiq', 'Discord: ochiq']) {
      expect(contactSpans(honest)).toEqual([]);
    }
    // A digit drawn for a letter inside a word: 3 for an e, 4 for an a, 1 for an i.
    for (const leet of ['Pr3dopl4ta 50%', 'Пр3доплата обязательно', 'Av4ns 100 ming', 'Pr3p4yment only', 'D3p0sit first']) expect(wordingSpans(leet, SCAM_WORDING).words).not.toEqual([]);
    // Letters drawn in full width, in a mathematical alphabet, as small capitals or in circles; a star or a hash inside a word.
    // Greek letters that look Latin, lines and dots drawn through or under the letters (combining marks).
    const drawnThrough = (text: string, mark: string) => [...text].map((letter) => letter + mark).join('');
    const drawnWords = ['Predοplata 50%', 'ΡREDOPLATA', drawnThrough('Predoplata', '\u0332'), drawnThrough('Predoplata', '\u0336'), drawnThrough('Zalog', '\u0324') + ' kerak'];
    for (const drawn of [...drawnWords, 'ＰＲＥＤＯＰＬＡＴＡ 50%', '𝐏𝐫𝐞𝐝𝐨𝐩𝐥𝐚𝐭𝐚 50%', '𝓟𝓻𝓮𝓭𝓸𝓹𝓵𝓪𝓽𝓪 50%', 'ᴘʀᴇᴘᴀʏᴍᴇɴᴛ only', 'Ⓟⓡⓔⓓⓞⓟⓛⓐⓣⓐ', 'Пред*оплата 50%', 'Prepay#ment first', 'Предоп~лата']) {
      expect(wordingSpans(drawn, SCAM_WORDING).words).not.toEqual([]);
    }
    expect(found('Faqat 𝐏𝐫𝐞𝐝𝐨𝐩𝐥𝐚𝐭𝐚 bilan', wordingSpans('Faqat 𝐏𝐫𝐞𝐝𝐨𝐩𝐥𝐚𝐭𝐚 bilan', SCAM_WORDING).spans)).toEqual(['𝐏𝐫𝐞𝐝𝐨𝐩𝐥𝐚𝐭𝐚']);
    expect(found('Ｓｍｓ кодни айтинг', secretRequestSpans('Ｓｍｓ кодни айтинг'))).not.toEqual([]);
    // Models and codes keep their digits: no wording made of them.
    for (const honest of ['Galaxy A34 5G, A14, S23 Ultra', 'Redmi Note 13 Pro, Mi 11T', 'Oppo A3s, X3 Pro', 'P4ssword yo‘q, iCloud toza', '① Quti ② Zaryadka ③ Chexol', 'Ⅲ avlod, ¾ zaryad', '𝐓𝐨‘𝐥𝐨𝐯 𝐮𝐜𝐡𝐫𝐚𝐬𝐡𝐮𝐯𝐝𝐚', 'ＮＡＲＸＩ 5 000 000', 'Xotira 8+256, A*B sinf', '• Quti • Zaryadka • Chexol', 'Кабель и блок · Коробка · Чек', 'Тийин йўқ, нархи қатъий']) {
      expect(wordingSpans(honest, SCAM_WORDING).words).toEqual([]);
      expect(contactSpans(honest)).toEqual([]);
    }
  });

  it('finds a request to move money to a card or a payment app in any word order, and an honest seller’s warning against it is none', () => {
    const requests = [
      'На карту мне скиньте 500 тысяч, отправлю',
      'Деньги на карту переведите, отправлю BTS',
      'Сначала на карточку перекиньте',
      "Click'ga 300 ming tashlang, yuboraman",
      "Payme orqali pulni o'tkazing, pochta bilan jo'nataman",
      'Tashlab qo‘ying kartaga, keyin yuboraman',
      'Humo kartamga 200 ming tashlab turing',
      'Клик орқали ўтказиб юборинг',
    ];
    // A double negative asks: 'I won't send it without prepayment'. A warning that steers the money to the speaker asks.
    const steered = [
      'Не переводите предоплату никому, кроме меня',
      'Boshqa kartaga oldindan pul tashlamang, faqat menga',
      'Не переводите на чужие карты, предоплата только мне',
      "Boshqa kartaga o'tkazmang, Humo kartamga tashlang",
      'Never pay anyone but me, prepayment to my card only',
    ];
    for (const text of [...requests, "Oldindan to'lovsiz yubormayman", ...steered]) expect({ text, found: scamWordingSpans(text) }).not.toEqual({ text, found: [] });
    const honest = [
      "Oldindan pul tashlamang, ko'rib oling",
      "Kartaga pul o'tkazmang, faqat uchrashganda",
      'Hech kimga oldindan pul tashlamanglar',
      'Никому не переводите деньги на карту заранее',
      'На карту не скидываю, только встреча',
      "Naqd yoki karta orqali to'lov, Click ham bo'ladi",
      'Оплата при встрече, можно картой или через Click',
      'Скину фото и видео в Telegram. Карта памяти в комплекте',
      'Kartaga tashlash shart emas, uchrashamiz',
      // A warning not to give the card's details away names them, and offers none.
      'Karta raqamingizni hech kimga aytmang',
      "SMS kodni va karta raqamini hech kimga bermang, firibgarlar ko'p",
      'Карта рақамингизни ҳеч кимга айтманг',
      'Никому не сообщайте номер карты и код из СМС',
      'Не давайте реквизиты незнакомым людям',
      "Never share your card number or SMS code with anyone",
      "Don't give your card details to anyone else",
      'Do not pay a deposit to anyone',
    ];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
    // The card's details offered, with a warning in another clause, are offered.
    for (const text of ['Karta raqamimni beraman, hech kimga aytmang', 'Номер карты скину, никому не говорите']) expect(scamWordingSpans(text)).not.toEqual([]);
    // The admins' own words are read with the shipped ones.
    expect(found('Faqat Paynet orqali', scamWordingSpans('Faqat Paynet orqali', ['paynet orqali']))).toEqual(['Paynet orqali']);
  });

  it('finds a request to send money however it is worded, and no honest word of money or sending', () => {
    const requests = [
      'Band qilish uchun yarmini yuboring',
      'Yarim pulni tashlang, ertaga jo‘nataman',
      "Pulni o'tkazing, ertaga pochta bilan jo'nataman",
      'Dostavka uchun 50 ming yuboring',
      'Пулни юборсангиз, эртага жўнатаман',
      'Сначала переведите половину суммы',
      'Отправьте деньги, потом отправлю телефон',
      'Вышлите 100 тысяч за доставку',
      'Send half the money and I ship it',
      'Pul oldin, telefon keyin',
      'Сначала оплата, потом телефон',
      'Деньги вперед',
      'Тез картага ташла',
      'Pulini tashlab qo‘ying, keyin gaplashamiz',
      // An amount between the request's words ('Humo' and 'tashlang' a card number apart), a share before the payment.
      'Humo 9860 1234 5678 9012 ga tashlang',
      "Click 90 123 45 67 ga 200 ming o'tkazing",
      "Faqat oldindan 30% to'lov qilsangiz jo'nataman",
      'Сначала 50 % оплата, потом отправка',
      // To an account, a bank or a payment app other than the card ones.
      "Apelsin orqali o'tkazib qo'ying",
      "TBC ga tashlab qo'ying, band qilaman",
      'Скиньте на Uzum, отправлю',
      'Hisobimga tashlang',
      'Send it to my Payme',
      // The helper verb asks: 'tashlab qo'ying', "o'tkazib bering".
      "Kartaga o'tkazib bering, keyin jo'nataman",
      'Xotira kartasi bor. Kartaga 100 ming tashlang',
      'Картага ташлаб қўйинг',
    ];
    for (const text of requests) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      "Pulni ko'rgandan keyin berasiz",
      "Oldin telefonni ko'ring, keyin pul",
      'Сначала посмотрите телефон, потом оплата',
      'Деньги при встрече',
      "Qo'shimcha rasm kerak bo'lsa yozing, yuboraman",
      'Pul yubormang, uchrashib ko‘ring',
      'Не отправляйте деньги заранее',
      'Рассрочка: половина суммы сейчас, половина через месяц, при встрече',
      'Send me a message for more photos',
      "Men pulni yubordim, telefon kelmadi",
      "Kartaga o'tkazdim, hammasi yaxshi",
      'Деньги на карту перевел после проверки',
      "Oldindan pul so'ramadi, yaxshi sotuvchi",
      "Oldindan to'lov talab qilmagan",
      'Предоплату не просил, всё честно',
      'Prepayment was not asked',
      // A price the phone had before is no money put before it.
      'Avval 500 dollar turardi, hozir arzon',
      "Oldin 1000 dollarga olganman, qutisi bor",
      "Bank kartasi yoki Uzum orqali to'lov, uchrashganda",
      'I can send more photos of the card slot',
      'Счет-фактура и коробка есть',
      // What the seller throws in or will do: 'tashlab beraman' gives, it asks for nothing.
      'Xotira kartasi ham tashlab beraman',
      '64 GB flesh karta tashlab beraman, chexol ham',
      'Power bank tashlab beraman',
      "Sim kartani o'zim o'tkazib beraman",
      'Скину фото карты памяти',
      'Karta slotiga 2 ta sim tashlasa boladi',
      'Сим карта ва чехол ташлаб бераман',
      'Карту памяти скину в подарок',
      // A buyer asking for the memory card to be thrown in.
      'Xotira kartasini ham tashlab bering',
      'Карту памяти тоже киньте в коробку',
    ];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('finds money asked before the phone is sent, a deposit to hold it, and the card’s details offered; paying on receipt is none', () => {
    const requests = [
      // Sent once paid: the payment said to come first.
      'Отправлю после 100% оплаты',
      'Доставка только после оплаты',
      'Отправка после поступления денег на карту',
      'Ship after full payment',
      'I will send it once payment is received',
      "To'lovdan keyin yuboraman",
      "Pul tushgandan keyin, BTS orqali jo'nataman",
      'Pul tushishi bilan pochtaga topshiraman',
      'Пул тушгач почта орқали жўнатаман',
      // A share asked, a deposit's other spelling, paid if sent, money landing first, to a card by its name.
      'Оплатите 50% и заберите завтра',
      'Zaklatga 300 ming qoldirasiz',
      "Payme orqali to'lasangiz ertaga jo'nataman",
      'Pul kartaga tushsa, darhol yuboraman',
      'Телефон в Андижане, отправлю, деньги на Humo',
      'Half now, half on delivery',
      'Бронирую за 100 тысяч',
      'Perevod na kartu, otpravlyu pochtoy',
      // In Uzbek Cyrillic, 'жўнат' as written.
      'Пул тушгандан кейин жўнатаман',
      'Тўлов, кейин жўнатаман',
      'Payme орқали тўласангиз эртага жўнатаман',
      'Пулни жўнатинг',
      // The buyer's paying put first.
      "Kuryer olib boradi, oldin karta orqali to'laysiz",
      "Avval 50 ming to'laysiz, keyin jo'nataman",
      'Сначала переводите 50%',
      'First you pay, then I ship',
      // The payment, then the sending.
      "O'tkazma orqali to'lov, keyin jo'nataman",
      'Оплата переводом, потом отправка',
      // Paid before it is sent: to the card, with the phone to be sent.
      'Доставка по всему Узбекистану, оплата на карту',
      "Pochta orqali jo'nataman, to'lov kartaga",
      'Оплата через Click до отправки',
      'Оплата перед отправкой',
      'Pay via Payme before delivery',
      'I only accept payment by card before shipping',
      "Jo'natishdan oldin to'lov qilasiz",
      // In advance, in other words.
      'Нужна предварительная оплата',
      'Доставку оплачиваете заранее',
      'Сначала перевод, потом телефон',
      "100% oldindan, keyin jo'nataman",
      '50% вперед, остальное при получении',
      // A deposit to hold the phone, a share as the money.
      'Bron uchun 100 ming kerak',
      'Band qilish uchun 20% tashlang',
      'Пришлите 20% и я забронирую',
      'Send 50% via PayPal and I ship',
      // The delivery paid for first.
      "Avval 50 ming yetkazib berish uchun to'lang",
      "Kuryer xizmati uchun 50 ming to'lab qo'ying",
      'Pay the shipping fee first then I send',
      // Money to a phone's balance, the card's details.
      "Paynet qilib qo'ying",
      'Пейнет қилинг',
      'Реквизиты в личке',
      'Karta raqamimni lichkada beraman',
      // The buyer's paying, then the seller's sending, with no 'then' between.
      "To'lov qilasiz, jo'nataman",
      "To'laysiz, ertaga pochtaga topshiraman",
      'Оплачиваете, я отправляю',
      'Если переведете, забронирую за вами',
      'Once you pay, I will ship',
      // Half now, or split fifty-fifty.
      'Yarmini hozir, yarmini olganda',
      'Половину сейчас, половину при получении',
      'Половина сразу, остальное потом',
      'Оплата 50 на 50',
      "50/50 to'lov",
      // Russian typed in Latin, as many here write it.
      'Oplata na kartu, dostavka pochtoy',
      'Dengi vpered, potom otpravka',
      'Skinte predoplatu 20% i telefon vash',
      'Snachala perevod, potom otpravlyu',
      'Sperva oplata, potom telefon',
      'P r e d o p l a t a 50%',
      'Zakinte dengi na Humo',
      'Vnesite predoplatu cherez Click',
      'Nuzhna predvaritelnaya oplata',
      'Oplata cherez Click, otpravlyu avtobusom',
      'Snachala skidyvaete dengi, potom ya otpravlyayu',
      // Paid online, the hold paid for, an amount onto the card.
      "Onlayn to'lov qilsangiz, yetkazib beramiz",
      'Бронь платная, 50 тысяч на карту',
      // In English, as a visitor writes it.
      'Transfer the full amount and I will dispatch it tomorrow',
      'Please pay a small booking fee to reserve',
      'Pay me on Payme first',
      'Kindly make the payment so I can ship',
      'Half the price now, rest on delivery',
      // A deposit needed to hold it, its amount bare; a card begun, the rest in private; no pickup, so sent.
      'Bron uchun kerak',
      'Для брони нужно',
      'Чтобы забронировать, скиньте 100',
      'To hold it, send 300',
      'Karta 8600 12** qolganini lichkada',
      'Karta nomerini lichkaga tashlayman',
      'Humo: 9860 ... остальное в личке',
      'Оплата только переводом, самовывоза нет',
      "Faqat o'tkazma orqali to'lov, uchrashmayman",
    ];
    for (const text of requests) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      'Оплата при получении',
      'Доставка по городу, оплата после осмотра',
      // Paid in person, half of something else, fifty-fifty of no payment.
      'Оплачиваете на месте, я отдаю телефон с коробкой',
      "Naqd to'laysiz, men telefonni beraman",
      'If you pay cash, I give a case free',
      'Если оплатите картой при встрече, без проблем',
      'Pay at pickup, I send the receipt by email',
      'Сейчас половину стоимости нового, отличное состояние',
      'Батарея 50/50 держит',
      "Xotira 50/50 bo'sh",
      'Hozir 50% chegirma, faqat bugun',
      'Отправлю после вашего звонка',
      'Оплата после получения и проверки, отправлю почтой',
      "BTS orqali jo'nataman, to'lov telefonni olganingizdan keyin",
      "Pul telefonni ko'rgandan keyin",
      'Pay after you check it, I can ship',
      'Перед отправкой сниму видео, оплата при получении',
      "Jo'natishdan oldin videoga olib beraman",
      'Payment on delivery, I ship anywhere',
      'Батарея 87%, пришлите сообщение',
      'Battery 87%, send me a message',
      "Batareya 100%, oldindan rahmat",
      "Bron qilib qo'yaman, 50 ming chegirma ham bor",
      'Telefon band qilingan, 100 ming chegirma',
      'Reserve it for a day, no deposit',
      'Без предварительной оплаты',
      "Pulni olgach telefonni beraman, uchrashamiz",
      "Paynet qilmang, faqat uchrashuv",
      // Paid on receipt, in its other words.
      'Перевод на карту возможен при встрече',
      'Ship to any region, you pay the courier',
      "Karta orqali to'lasangiz ham bo'ladi, yetkazib berish bor",
      "Telefonni olgach to'lasangiz bo'ladi, pochta bilan jo'nataman",
      'Оплатите 100% при встрече',
      "Olgan kunim 100% batareya edi, hozir 89%",
      // Seen first, paid after.
      "Oldin telefonni ko'rib to'laysiz",
      "Avval ko'rib keyin to'laysiz",
      "Avval ko'rasiz, keyin to'laysiz",
      'Сначала смотрите потом оплачиваете',
      'First check it then you pay',
      // The payment after, or on receipt.
      "To'lov keyin, pochta orqali yuboraman",
      'Оплата при получении, потом отправлю трек-номер',
      "Telefonni ko'rib to'lov qilasiz, keyin gaplashamiz",
      // Paid by card at the meeting or on receipt.
      "Yetkazib berish bor, naqd yoki karta orqali to'lov",
      'Отправлю почтой, оплата на карту при получении',
      'Доставка по городу, оплата на карту курьеру',
      'Оплата при встрече, можно на карту',
      // The delivery paid for on receipt.
      "Dostavkani qabul qilganda to'lang",
      'Pay the courier when it arrives',
      'You pay for shipping on delivery',
      "Kuryerga to'lab olasiz",
      // Shares and holding words that are no money asked.
      '20% chegirma, yuboraman video',
      'iPhone 13 Pro, 128 GB, 100% batareya, barcha hujjatlari bor',
      'Ishlatilgan, 80% holatda, pochta orqali yuboraman',
      'Bronza rangli 256 GB 800 dollar',
      'Бронированное стекло, 100 тысяч стоит чехол',
      'Yangi, ochilmagan, garantiya 1 yil, bron qilish mumkin',
      "Bron kerak bo'lsa yozing, bepul",
      "Bron uchun kerak bo'lsa, bir kun ushlab turaman",
      'Bron uchun hech narsa kerak emas',
      'Для брони ничего не нужно',
      'Send 2 photos please',
      'Batareya 8600 mAh, karta slot bor',
      // Russian typed in Latin, honest: paid in person, nothing in advance.
      'Oplata pri poluchenii, mozhno kartoy na meste',
      'Predoplata ne nuzhna, smotrite na meste',
      'Deneg vpered ne beru, tolko pri vstreche',
      'Zalog ne nuzhen',
      'Dostavka po Tashkentu besplatno, oplata kurieru',
      'Mogu otpravit po pochte, oplata nalozhennym platezhom',
      'Obmen na Samsung s moey doplatoy',
      'Skin plyonka bor, chexol sovga',
      'Kino korish uchun zor telefon',
      'Samovyvoz iz Chilanzara, oplata pri vstreche',
      'Сперва посмотрите, потом оплата',
      'Sperva posmotrite telefon, potom oplatite',
      'Mogu otpravit pochtoy, no oplata tolko pri poluchenii',
      'Oplata Click ili nalichnymi pri vstreche',
      "Taksi bilan kelaman, Click orqali to'lov",
      "Online to'lov yo'q, faqat naqd",
      'Bron qilish pullik emas',
      'Mogu priderzhat do zavtra bez vsyakoy predoplaty',
      'Без всякой предоплаты, оплата при встрече',
      'Without any deposit',
      'Half price now, only today',
      'Pay when you check it first',
      'I can hold it until Friday, no payment needed',
      'Booking is free, just message me',
      // Uzbek in Cyrillic said in the negative, as in Latin.
      'Олдиндан тўлов шарт эмас, кўриб оласиз',
      'Ҳеч қандай олдиндан тўлов йўқ',
    ];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('finds the prepayment a scammer words as a condition, a race or a handover, and no honest seller’s words like it', () => {
    const requests = [
      // Sending or holding refused without the money: a double negative asks for it.
      'Без предоплаты не отправляю',
      'Без залога не бронирую',
      'No shipping without prepayment',
      'Without prepayment I will not send it',
      "To'lovsiz yubormayman",
      "Zalogsiz bron qilmayman",
      // Money, then the phone: as a condition, a handover, a race.
      'Pul kelsa telefon sizniki',
      "Pul tushgach telefonni beraman",
      'Деньги поступят, телефон ваш',
      'Money goes first, phone after',
      'Кто первый переведет, того и телефон',
      'Whoever pays first gets it',
      "Kim birinchi to'lasa, shunga",
      "Pulini yuborgan odamga beraman",
      // A compound request ('tashlab turing', 'o'tkazib qo'ying'), a share in words.
      "Oldin 200 ming tashlab turing, qolganini olganda",
      "Yarmini o'tkazib qo'ying, ertaga yuboraman",
      'Oldindan 50 foiz',
      'Transfer 50 percent to hold it for you',
      'Пришлите 30 процентов, остальное при встрече',
      // The buyer's paying told by 'you do it', half in English, paying by transfer with the phone sent, a deposit further off.
      "To'lovni Click orqali qilasiz, men pochtaga topshiraman",
      'Half payment now, rest on delivery',
      'Оплата только переводом, отправка в день оплаты',
      'Reserve it with a small payment',
      // A Russian imperative in -ди is no Uzbek past; other spellings of the same asks.
      'Переведи полтинник на карту и телефон твой',
      'Закидывайте на хумо, отправлю автобусом',
      'Кто первым оплатит, тому и отправлю',
      "Telefonni avtobus bilan jo'nataman, pulini Click qilasiz",
      'Zakalat 200 ming',
      "To'lov o'tgach jo'nataman",
      // Misspelt, said in the passive, a word between the payment and 'in advance'.
      'Predaplata 50%',
      'Zalok 100 ming',
      "Pul tashlanadi, keyin jo'natiladi",
      'Оплата производится заранее',
      'Payment is made in advance',
      // An amount with its unit as the money asked, paid in advance or to hold the phone; holding refused without it.
      'За доставку скиньте 30к',
      "Telefon uchun 100$ oldindan beriladi",
      'Ushlab turish uchun 100 ming',
      'Держу за вами при переводе 500 тыс',
      'Без задатка не держу',
      // A word split by a dash or a dot, 'to'lov' spelt from its Cyrillic, paying by an app with the phone shipped.
      'пред-оплата 50%',
      'пред.оплата',
      'oldindan.tolov',
      'Oldindan tulov',
      "Payme orqali to'lov, pochta bilan jo'nataman",
      'Оплата через Click, отправлю почтой',
      // A duty for a phone 'from abroad', an amount before sending, money to the card, a deposit 'brought in', the money's landing in English.
      "Telefon Dubaydan keladi, bojxona uchun 300 ming to'laysiz",
      'Растаможку оплачиваете вы, 50$',
      'Customs fee 30$ must be paid first',
      'Доставка платная, 30 тыс на карту до отправки',
      "Yo'l puli 50 ming kartaga",
      'Чтобы я не продал другому, внесите 500 тыс',
      'As soon as the money arrives I ship',
      "Pul kelishi bilan telefon yo'lga chiqadi",
      // In English: prepaid as the terms, money by an app with the phone delivered, paying first or now for a discount.
      'I accept only prepaid orders',
      'Money via Payme, I deliver tomorrow',
      'Courier will bring it, but pay me first',
      "If you transfer now, I'll give a discount",
      'Оплатите сейчас и получите скидку',
      "Hozir to'lasangiz chegirma beraman",
      // A phone's balance topped up; a foreign e-wallet or crypto.
      'Пополните мой номер на 50 тыс',
      "Raqamimni 50 mingga to'ldiring",
      'Оплата на Qiwi или ЮMoney',
      'Pay in USDT to my wallet',
      "Binance orqali to'lasangiz bo'ladi, pochta bilan",
      // A QR code to pay by: it may open any page.
      "QR kodni skanerlang va to'lang",
      'Отсканируйте QR-код для оплаты',
      'Scan the QR code to pay',
    ];
    for (const text of requests) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      'Без предоплаты, не переживайте, всё при встрече',
      'Без предоплаты не обманываю, только встреча',
      "To'lovsiz bermayman, uchrashib naqd",
      'No prepayment, I do not ship, meet in Chilonzor',
      'Pul kelsa yangi olaman, shuning uchun sotyapman',
      "Pul kerak, oldin iPhone 11 edi",
      'Kim birinchi kelsa, shunga sotaman',
      'Whoever comes first gets it',
      'Batareya 87 foiz, hozir ham yaxshi',
      'Battery 90 percent, sending photos on request',
      "Click orqali to'lov qilasiz uchrashganda, men telefonni beraman",
      'Оплата переводом при получении, отправлю почтой',
      'Chexolni tashlab beraman, 50 ming chegirma',
      "Sovg'a qilib qo'yaman, chexol bilan",
      "Uchrashganda Click qilasiz, pochta orqali ham jo'nataman",
      'Кто первым придет, тому и продам',
      "Oldindan rahmat, to'lov naqd",
      'Заранее спасибо, оплата при встрече',
      'Thanks in advance, payment on pickup',
      'Скиньте фото 128 гб',
      'Yuboring 30 kun ichida javob',
      'Держу в чехле с первого дня, цена 500 тыс',
      'Заранее спасибо, 500 тыс',
      "Click orqali to'lov, rasm yuboraman",
      'Почти новый, Click orqali to‘lov',
      "Oldindan. To'lov naqd",
      "Bojxona to'lovi to'langan, UZIMEI dan o'tgan",
      'Пошлина оплачена, телефон зарегистрирован',
      "Bojxonadan o'tgan 3 mln",
      "Pul kerak, kartaga to'lov ham bo'ladi",
      'Pul kelishi bilan yangi telefon olaman',
      'Prepaid SIM card included',
      "Hozir to'lasangiz, hozir olib ketasiz, uchrashuvda",
      "Pul Click orqali ham bo'ladi, uchrashuvda",
      "Chexol-hamyon sovg'a",
      'Кошелек-чехол в подарок',
      'Оплата криптой при встрече тоже возможна',
      "Xotirani to'ldiring, 256 GB bor",
      "Uchrashuvda Click QR orqali to'lash mumkin",
    ];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('finds a part paid before the rest on receipt, a transfer asked before the phone is sent, a fee to release it, a guarantee deposit', () => {
    const scams = [
      // Only the rest paid on receipt: the first part is paid before the phone.
      'Kartaga 500 ming, qolganini kelganda',
      'Kartaga 1 mln, qolganini olganda',
      'На карту 500 тыс, остальное при получении',
      'Половину на карту, остальное при получении',
      "Click orqali 30%, qolgan pulni qo'lingizga tekkanda",
      '200$ to my card, the rest on delivery',
      'Zalog 100 ming, qolgan summani uchrashganda',
      // A transfer asked, then the seller's sending: the order asks for the money first.
      'Телефон в Самарканде, переведите и отправлю с таксистом',
      'Переведите и отправлю',
      'Переведёте — отправлю в тот же день',
      'Скиньте, вышлю сегодня',
      "Tashlang, jo'nataman",
      // A fee before the phone is released: customs as needed, a warehouse's storage.
      'Bojxonadan chiqarish uchun 500 ming kerak',
      'За растаможку нужно 500 тыс',
      'Telefon omborda, ombor xizmati uchun 30 ming to‘laysiz',
      'Хранение на складе 30 тыс оплачиваете вы',
      'Pay the warehouse fee and I ship',
      // A deposit called a guarantee or a pledge, returned when the phone arrives.
      'Kafolat puli 200 ming, telefon yetib borganda qaytaraman',
      "Garov puli 100 ming, keyin qaytaraman",
      'Гарантийный взнос 100 тыс, вернем при получении',
      'Страховой депозит 50 тысяч',
      // Money moved by the seller's phone number, as a card's.
      'Переведите по номеру телефона через Payme',
      "Raqam orqali tashlab qo'ying",
      // The overpayment: 'too much was sent', the difference asked back.
      "Adashib ko'p o'tkazib yubordim, farqini qaytarib bering",
      'Я случайно перевёл больше, верните разницу на карту',
      'I accidentally sent too much, please refund the difference',
      // A fee asked for the money to come through.
      'Для получения денег оплатите комиссию 15 тыс',
      "Pulingiz tushishi uchun komissiyani to'lang",
      'Pay the commission to receive your money',
    ];
    for (const text of scams) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      "Qolganini kelganda ko'rasiz, rasmda hammasi yo'q",
      "Narxi 3 mln so'm, qolgani uchrashganda",
      "Narxi 3 mln, karta orqali ham bo'ladi, qolganini uchrashganda gaplashamiz",
      'Цена 3 000 000 сум, остальное при встрече обсудим',
      'Остальное расскажу при встрече',
      'Bo‘lib to‘lash: yarmini uchrashuvda, qolganini bir oydan keyin',
      'Оплата на карту при встрече, остальное обсудим',
      'Send a message, I will send more photos',
      'Data transfer works, I send it with the box',
      'Wireless charging, wire included, I ship with box',
      'Скиньте цену немного, отправлю курьером за свой счёт',
      'Скиньте фото коробки, отправлю ответ',
      'Rasmni tashlang, yuboraman javobini',
      'Skinte adres, otpravlyu nalozhennym platezhom',
      'Пришлите адрес, отправлю фото коробки',
      'Bojxona to‘lovi to‘langan, UZIMEI dan o‘tgan',
      'Растаможен, пошлина включена, оплата при встрече',
      'Omborda 10 ta bor, to‘lov naqd uchrashuvda',
      'На складе 5 штук, по 3 млн, оплата при встрече',
      'Xotira 256 GB, Storage 256GB, хранение данных не нужно',
      'Kafolat 6 oy, kafolat talonida',
      'Гарантия 3 месяца, гарантийный талон есть',
      'Garov yo‘q, oldindan pul yo‘q',
      'Звоните по номеру телефона в объявлении',
      'Raqam orqali yozing',
      'Bankdagi depozitim uchun sotyapman, narxi qat’iy',
      'Narxlar farqi katta emas, qaytimini uchrashganda beraman',
      'Разница в цене небольшая, верну сдачу при встрече',
      'Komissiyasiz, naqd pulga uchrashuvda',
      'Return policy: 3 days, extra charger included',
      "Yoqmasa qaytarib bering, farqi yo'q, ortiqcha zaryadka ham bor",
      'Оплатите комиссию банка сами, если переводите при встрече',
      'Комиссию банка оплачиваю я, при встрече',
    ];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('finds a link sent for a payment, a delivery or a safe deal: the fake payment page', () => {
    const requests = [
      'Ссылка на оплату в личке',
      'Сделаем через безопасную сделку, ссылку скину',
      'Я оплатил, перейдите по ссылке и получите деньги',
      "Men sizga havola yuboraman, o'sha yerda to'lov qilasiz",
      'Olx dostavka orqali, ssilka tashlayman',
      'Havolaga kirib pulni oling',
      'Click the link to receive your payment',
      'Pay via the link I send you, then courier brings it',
    ];
    for (const text of requests) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = ['Link to the photos, payment in person', 'Ссылка на видео, оплата при встрече', "Havola: imei.info, tekshirib ko'ring", 'Ссылку на объявление скиньте'];
    for (const text of honest) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
  });

  it('reads a warning that scammers ask for prepayment as none, and a scammer who names scammers as asking still', () => {
    const warnings = [
      'Мошенники просят предоплату, будьте осторожны',
      'Осторожно: мошенники требуют предоплату',
      'Кто просит предоплату — мошенник',
      'Scammers ask for prepayment, be careful',
      'Anyone asking for a deposit is a scammer',
      "Firibgarlar oldindan pul so'raydi, ehtiyot bo'ling",
      "Oldindan pul so'raganlar firibgar",
      "Oldindan to'lov so'rasa, bu firibgar",
      'Oldindan pul tashlagan odamlar aldanmoqda',
      "Ehtiyot bo'ling, oldindan to'lov so'raganlarga ishonmang",
      // No prepayment at all, however the negation is spelled.
      'Никакой предоплаты, только при встрече',
      'Никакого залога',
      'Nikakoy predoplaty',
      'Bez predoplaty, vstrecha v Chilanzare',
      // An article between the negation and the word.
      'Without a deposit, just come and see',
      'Not a prepayment, pay when we meet',
      // Called a scam right after it.
      'Pay on pickup, money first is a scam',
      'Предоплата — это развод',
      "Oldindan to'lov so'rash — firibgarlik",
      'Deposit is just a scam',
    ];
    for (const text of warnings) expect({ text, found: scamWordingSpans(text) }).toEqual({ text, found: [] });
    const requests = [
      // Scammers as the reason, as a denial, or told not to write: the speaker asks.
      'Из-за мошенников работаю только по предоплате',
      "Kechirasiz, firibgarlar ko'p, shuning uchun oldindan to'lov",
      'Я не мошенник, предоплату просят все, так что переведите 30%',
      "I'm not a scammer, everyone asks for a deposit",
      "Firibgar emasman, hamma oldindan pul so'raydi",
      "Oldindan to'lov qilganlar aldanmaydi",
      'Мошенникам не писать, предоплата обязательна',
      // Others' paying named, and the phone handed to the payer.
      "Oldindan pul tashlaganga beraman, firibgarlar ko'p",
      "Aldanmaysiz, oldindan to'lov qilgan odamga jo'nataman",
      // The double negative in Latin letters.
      'Bez predoplaty ne otpravlyayu',
      'Bez zaloga ne broniruyu',
      // Called no scam, or scammers told to keep away: the speaker asks.
      "Oldindan to'lov kerak bu firibgarlik emas",
      'Prepayment is not a scam',
      'Предоплата — это не развод',
      'Предоплата без обмана',
      'Предоплата обязательна — мошенникам не беспокоить',
      'Prepayment required: scammers stay away',
    ];
    for (const text of requests) expect({ text, found: scamWordingSpans(text).length > 0 }).toEqual({ text, found: true });
  });

  it('finds a request for an SMS code or the card’s expiry and CVV, and no warning against it, no IMEI or passcode', () => {
    const requests = [
      "Pulni o'tkazdim, SMS kodni ayting",
      'Sizga kod keldi, menga yuboring',
      "Humo kartangizga pul tushishi uchun ilovaga kiring va kodni ayting",
      'Kartangiz raqami va amal qilish muddatini yozing, pul tashlayman',
      'Karta muddati va orqasidagi 3 ta raqamni yuboring',
      'Скажите код из СМС, я переведу деньги',
      'Продиктуйте код, который пришел вам',
      'Срок действия карты и CVV пришлите',
      'Напишите три цифры на обороте',
      'Send your card expiry and the CVV',
      'Please tell me the SMS code so I can pay',
      'Send me the code you received',
      'Kartangizni orqa tarafidagi raqamlarni yozing',
      'Напишите номер карты и код с обратной стороны',
      // The card's details typed into a page, a photo of the card, the code told later or in the next sentence.
      "Kartangiz ma'lumotlarini kiriting, pul tushadi",
      'Введите данные карты на странице доставки, чтобы получить оплату',
      'Karta rasmini ikki tomonidan yuboring',
      'Send a photo of your card front and back',
      "Qo'ng'iroq qilaman, keyin kod keladi, aytasiz",
      'Я курьер Яндекс, для доставки подтвердите код',
      'Kod keldimi? Menga aytib yuboring',
      // The expiry as the card's term, in a sentence naming the card.
      'karta raqami va muddatini kiriting',
      'Напишите номер карты и срок действия',
      'Send me the card number and expiry',
      // Money offered through a link: the fake page asks for the card.
      'Получите оплату по ссылке bit.ly/3xYzPay',
      'Havolaga kirib pulni oling',
      'Click the link to receive your payment',
      // The code as the digits that came, the bank's SMS shown or forwarded, a payment app's password.
      'Telefoningizga kelgan raqamlarni ayting',
      'Назовите цифры из сообщения',
      'Send me the numbers from the SMS',
      "Bankdan kelgan xabarni ko'rsating",
      'Skrinshot qilib SMS ni yuboring',
      'Сделайте скрин смс и пришлите',
      'Click parolingizni ayting',
      'Payme kodini yuboring',
      // The digits that came, counted; the code asked as a question, or sent for after an SMS; a photo of the buyer's card.
      'Kelgan 4 ta raqamni yuboring',
      'Sizga kelgan 6 xonali kodni ayting',
      'Какой код пришёл?',
      'Какой код вам пришел в смс?',
      'What code did you get?',
      'Qaysi kod keldi?',
      'Tasdiqlash uchun sizga SMS boradi, kodni menga yuboring',
      'Сейчас придет смс, код скиньте мне',
      'Kartangizni ikki tomonini rasmga olib yuboring',
      'Сфотографируйте вашу карту и пришлите фото',
      'Skazhite kod iz sms',
      "What's the code you just received?",
      'Vvedite dannye karty po ssylke',
      // The SMS said to have come, then told, sent or forwarded; asked for by a question; a photo of the card's two sides.
      'Сизга СМС келди, ўшани айтинг',
      'Телефонингизга келган 6 та рақамни ёзинг',
      'Картангиз амал қилиш муддатини ёзинг',
      'Пулни олиш учун ҳаволага киринг ва карта маълумотларини киритинг',
      'Sms kelgandir, kodini ayting iltimos',
      'Kodni yubora olasizmi?',
      'Kod keldimi? Ayting',
      'Какие цифры пришли?',
      'Скажи что пришло в смс',
      'Назовите код, он пришёл только что',
      'Тебе пришла смс с кодом, перешли мне',
      'Send a screenshot of the text you got',
      'What numbers came in the SMS?',
      'I sent you a code, read it to me',
      'Karta orqasidagi uchta raqam kerak',
      'Kartaning old va orqa tomonini rasmga olib tashlang',
      'Скиньте фото своей карты',
      'Tasdiqlash kodi keldi, menga aytasizmi?',
      'Kodi 4 xonali, aytib yuboring',
      'Pochtadan kod keladi, menga yuboring',
      // The SMS said to have come, and in the next sentence a bare request to tell it, to no one else and of nothing else.
      'SMS keldimi? Menga ayting',
      'Смс пришла? Скажите мне, пожалуйста',
      'Sizga SMS keldi. Tezroq yozing iltimos',
      'Пришла смс? Продиктуйте',
      'Did the SMS come? Tell me please',
      // The code called a password, or one-time.
      'Пароль из смс скажите',
      'Parolni ayting, SMSda keldi',
      'Тасдиқлаш паролини айтинг',
      'Tell me the one-time password',
      'Одноразовый код скажите',
      // The card 'verified' to receive the money: the page that takes it.
      "Pulni olish uchun kartangizni tasdiqlang, 1 so'm yechiladi",
      'Verify your card to receive the money',
      'Чтобы получить оплату, подтвердите вашу карту',
      // The card's number and its CVV or term listed as what is wanted, with no verb.
      'Kartangiz raqami va CVC2?',
      'Номер карты, срок и CVV',
      'Card number + CVV please',
    ];
    for (const text of requests) expect({ text, found: secretRequestSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      'SMS kodni hech kimga aytmang',
      'Никому не сообщайте код из СМС',
      'Never share the SMS code with anyone',
      'IMEI kodini yozing, tekshiraman',
      'Скажите IMEI код, проверю на uzimei',
      'Код модели скажите, пожалуйста',
      "Telefon paroli yo'q, kodni aytaman uchrashganda",
      'Пароль от телефона скажу при встрече',
      'Нужен только номер карты, CVV не нужен',
      "Karta muddati tugagan, naqd to'layman",
      "Pin kod yo'q, ekran qulfi yo'q",
      'Send me the photos, the code is on the box',
      'Nomeringizni yozing, SMS yuboraman',
      'Send me a photo with the SIM pin',
      'Напишите срок действия гарантии',
      'Пришлите фото на обороте телефона',
      'Tell me the warranty expiry date',
      'Пришлите фото с обратной стороны телефона',
      "Telefonning orqa tarafidagi rasmni yuboring",
      'Telefonni ikki tomonidan rasmga olib yuboring',
      'Sim karta rasmini yuboring',
      'Kod keldimi? Rahmat, uchrashamiz',
      'Введите IMEI на сайте и проверьте',
      "Kafolat muddatini yozing, karta orqali to'layman",
      "Yetkazib berish muddatini ayting, karta orqali to'layman",
      'Sim karta muddatini ayting',
      'Ссылка на фото, получите все ответы',
      'Rasmlarni SMS bilan yuboring',
      'Kelgan rasmlarni yuboring',
      "Telefonni ko'rsating, rasm kerak",
      'IMEI raqamini yozing',
      'Qaysi kod kerak? IMEI?',
      'Какой код региона у телефона?',
      'What code is the model?',
      'Trek kodni yuboring, pochta SMS yuboradi',
      "Telefon raqamingizni yozing, SMS yuboraman",
      "Telefonning ikki tomonini rasmga olib yuboring",
      'Kelgan rasmlarni yuboring',
      "Kod keldi, rahmat, ro'yxatdan o'tdim",
      "Telefonning paroli yo'q",
      'Ekran kodi 1234, uchrashganda aytaman',
      'Какой пароль на телефоне? Нужно будет сбросить',
      'Какой код региона у модели, LL/A или ZA/A?',
      'Qaysi model? Kodi A2643mi?',
      'SMS yuboraman manzil bilan',
      'Пришлите фото экрана и задней крышки',
      'Sim karta rasmini yuboring, qaysi operator',
      "Kartaning rangini ko'rsating, qora mi?",
      'Trek kodni yuboraman, pochta orqali kuzatasiz',
      'Send me a photo of the IMEI sticker',
      'What code is on the box, is it the same IMEI?',
      'SMS keldimi? Manzilni yozing',
      'Смс пришла? Напишите адрес',
      "SMS keldimi? Menga yozing, qachon kelasiz",
      'Смс пришла? Скажите, когда удобно встретиться',
      'Ekran parolini ayting, SMS orqali tiklanmaydi',
      'iCloud parolini SMS bilan tiklash mumkin, paroli yozilgan',
      "Kartangizni tasdiqlang deb yozsa, bu firibgar",
      'Karta raqami va CVV ni hech kimga bermang',
      'SIM karta raqami va muddati: 2027 gacha',
      'Номер карты памяти и срок гарантии',
      'Karta orqali olsangiz ham bo‘ladi, uchrashganda',
      'Пришла смс от вас? Не вижу',
      'I received your message, see you at 6',
      'Ekran kodini ayting, tekshirib ko‘ray',
      'Какие цифры на коробке, IMEI совпадает?',
    ];
    for (const text of honest) expect({ text, found: secretRequestSpans(text) }).toEqual({ text, found: [] });
  });

  it('finds a payment told to the seller as made, with the phone asked for or a receipt shown: the fake receipt', () => {
    const claims = [
      "Pul o'tkazdim, chekni ko'ring, telefonni pochtaga topshiring",
      "Pulni o'tkazdim. Telefonni jo'nating",
      'Оплатил, вот скрин, отправляйте телефон',
      'Я перевёл деньги, квитанция ниже. Отправьте сегодня',
      'I paid, here is the screenshot, ship it today',
      "Тўлов қилдим, чекни юбордим",
    ];
    for (const text of claims) expect({ text, found: paymentClaimSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      "Pulni o'tkazdim, rahmat, telefon zo'r ekan",
      'Оплатил при встрече, спасибо',
      "Pul o'tkazmadim hali, uchrashganda to'layman",
      'Чек есть, коробка есть, отправлю фото',
      'I paid at the meeting, thanks, great phone',
      'Rasmlarni yuboring, pul tashlamayman oldindan',
    ];
    for (const text of honest) expect({ text, found: paymentClaimSpans(text) }).toEqual({ text, found: [] });
    // The seller reads to check the bank, not the picture; a code asked for at once still reads never to tell it.
    expect(messageWarningText(messageWarnings(claims[0]))).toBe(PAYMENT_CLAIMED_WARNING_TEXT);
    expect(messageWarningText(messageWarnings("Pul o'tkazdim, chekni yubordim, SMS kodni ayting"))).toBe(SECRETS_WARNING_TEXT);
  });

  it('finds the phone asked to go first, sent or handed to a driver, with the money to come after', () => {
    const phoneFirst = [
      "Pulni keyin o'tkazaman, telefonni taksiga qo'yib yuboring",
      'Курьер заберёт телефон, передайте ему. Деньги переведу после проверки',
      "Telefonni taksiga bering, pulini haydovchi beradi",
      'Отправьте почтой, оплачу потом',
      'Ship it to Samarkand, I will pay later',
      'Give it to my driver, the driver will pay',
      'Telefonni kuryerga bering, pulni kuryer beradi',
    ];
    for (const text of phoneFirst) expect({ text, found: phoneFirstSpans(text).length > 0 }).toEqual({ text, found: true });
    const honest = [
      "Telefonni ko'rib, keyin to'layman",
      'Приеду, посмотрю, деньги потом на месте отдам',
      "Pulni keyin gaplashamiz, avval ko'rishim kerak",
      'Rasmlarini yuboring, keyin kelaman',
      'I will pay after I check it at the meeting',
    ];
    for (const text of honest) expect({ text, found: phoneFirstSpans(text) }).toEqual({ text, found: [] });
    expect(messageWarningText(messageWarnings(phoneFirst[0]))).toBe(PHONE_FIRST_WARNING_TEXT);
  });

  it('marks the span as the seller wrote it, and matches whole words only', () => {
    const text = 'Iltimos, OLDINDAN TO‘LOV qiling';
    expect(found(text, wordingSpans(text, SCAM_WORDING).spans)).toEqual(['OLDINDAN TO‘LOV']);
    expect(wordingSpans('Tolovchi emas', ['tolov']).words).toEqual([]);
    // A word that normalizes to nothing matches nothing, and the reading ends, emoji and all.
    expect(wordingSpans('Салом 😀 дунё', ["''*"]).spans).toEqual([]);
  });
});
