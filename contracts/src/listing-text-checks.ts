/*
 * What the checks look for in a seller's own words (issue 35): card numbers, contact details that
 * take the buyer off the site, and prepayment wording. Each finding is a span of the text, so the
 * moderators' card marks it and the buyer's page masks a card number in place.
 */

/** A span of the text a finding covers: [start, end) in UTF-16 units, as String.slice takes them. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Card number prefixes: Uzcard 8600, Humo 9860, Visa 4, Mastercard 51-55 and 2221-2720. */
const CARD_PREFIX = /^(?:8600|9860|4|5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/;

/** Marks that join a number's groups as a dash or a dot would: long dashes, middle dots and bullets, tildes, colons, stars, pluses. */
const JOINING_MARKS = '–—·•~:*+';
/** What may stand between a card number's digits: up to three spaces, line breaks, dots, commas, dashes, slashes, underscores, bars or JOINING_MARKS. */
const GAP = `[\\s.,/_|${JOINING_MARKS}-]{0,3}`;
/** 16 digits, each group joined by a gap or none, not within a longer run of digits. */
const CARD_LIKE = new RegExp(`(?<!\\d${GAP})\\d(?:${GAP}\\d){15}(?!${GAP}\\d)`, 'g');
/** How many letters and marks may stand between a card number's groups of four written apart ('8600 1234 va keyin 5678 9012'). */
const WORDS_BETWEEN_GROUPS = 40;
/** What makes four digits a measure rather than part of a card: a unit after them ('8600 mAh', '2022-yil', '5100 ming'), a times sign before. */
const MEASURED = `(?:[\\s-]?(?:(?:yil|йил|год|year)\\p{L}*|(?:mah|gb|гб|tb|mp|мп|hz|гц|ming|минг|тыс|mln|млн|so.?m|сум|сўм|usd|x|х|×)(?!\\p{L})|[$%]))`;
/** Four digits as a group of a card written in parts: joined by gaps or none, no measure. */
const CARD_GROUP = `(?<![x×х]\\s?)\\d(?:${GAP}\\d){3}(?!${MEASURED})`;
/** A local card (Uzcard's 8600, Humo's 9860) in four groups of four digits with words between the groups (no other digits). */
const LOCAL_CARD_IN_PARTS = new RegExp(
  `(?<!\\d${GAP})(?=8${GAP}6${GAP}0${GAP}0|9${GAP}8${GAP}6${GAP}0)${CARD_GROUP}(?:\\D{0,${WORDS_BETWEEN_GROUPS}}${CARD_GROUP}){3}(?!${GAP}\\d)`,
  'giu',
);
/**
 * Letters written for digits, when they stand among digits rather than in a word: an O (Latin or Cyrillic) for a
 * zero, an I or an l for a one, a Cyrillic З for a three, a б for a six.
 */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { O: '0', o: '0', О: '0', о: '0', I: '1', l: '1', І: '1', З: '3', з: '3', б: '6' };
const LOOKALIKES = `[${Object.keys(DIGIT_LOOKALIKES).join('')}]`;
const LOOKALIKE = new RegExp(`^${LOOKALIKES}$`, 'u');
/** A look-alike in a run of them that touches a digit ('9O', 'I2З'): it may stand for one. */
const LOOKALIKE_BESIDE_DIGIT = new RegExp(`${LOOKALIKES}(?=${LOOKALIKES}*\\p{Nd})|(?<=\\p{Nd}${LOOKALIKES}*)${LOOKALIKES}`, 'gu');
/** A mark drawn on the character before it: an accent, a line under or through it, the emoji presentation selectors, the keycap's frame (8️⃣). */
const COMBINING = /^\p{M}$/u;
/** Invisible characters a filter-dodging seller puts inside a number or a word: zero-width spaces and joiners, soft hyphens, direction marks. */
const INVISIBLE = /\p{Cf}/u;
/** Letters that show as a space (the Hangul fillers, the blank Braille pattern), put where a filter looks for none: read as a space. */
const BLANK_LETTERS = /[\u115f\u1160\u2800\u3164\uffa0]/;
/** Digits of any script or drawing (Nd), and numbers (No) some of which are digits drawn in circles or raised ('⑨', '❾', '⁹'). */
const DIGITS = /[\p{Nd}\p{No}]/gu;
/** Digits on black or double circles, which Unicode does not read as digits: each row's first and last code point, and the first's value. */
const CIRCLED_DIGIT_ROWS: ReadonlyArray<readonly [first: number, last: number, value: number]> = [
  [0x24f5, 0x24fd, 1],
  [0x24ff, 0x24ff, 0],
  [0x2776, 0x277e, 1],
  [0x2780, 0x2788, 1],
  [0x278a, 0x2792, 1],
];

/** The ASCII digit a character is, in any script ('٩', '९') or drawing ('９', '𝟗', '⑨', '❾', '⁹'); none for any other. */
function asciiDigit(char: string): string | undefined {
  if (char >= '0' && char <= '9') return char;
  if (!/[\p{Nd}\p{No}]/u.test(char)) return undefined;
  const compatible = char.normalize('NFKC');
  if (/^\d$/.test(compatible)) return compatible;
  const point = char.codePointAt(0)!;
  if (/\p{Nd}/u.test(char)) {
    // Unicode gives each script its digits 0 to 9 in a row of ten code points.
    let zero = point;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    return String((point - zero) % 10);
  }
  const row = CIRCLED_DIGIT_ROWS.find(([first, last]) => point >= first && point <= last);
  return row && String(point - row[0] + row[2]);
}

/** How many digits `text` holds, in figures, in words or in letters beside them: with fewer than 8 no card number, with fewer than 7 no phone number. */
function digitCount(text: string): number {
  const lookalikes = text.match(LOOKALIKE_BESIDE_DIGIT)?.length ?? 0;
  return (text.match(DIGITS)?.length ?? 0) + lookalikes + spelledNumbers(text).reduce((count, number) => count + number.digits.length, 0);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

interface DigitView {
  view: string;
  from: number[];
  to: number[];
}

/** The last text's view: a message's warnings read it for its card numbers, its contacts and its phone numbers. */
let lastView: { text: string; digits: DigitView } | undefined;

/**
 * `text` as the card check reads it, one character per code point: a digit in any script or form (asciiDigit) as its
 * ASCII digit, a number in words as its digits, an O among digits as 0, a character outside the basic plane as a
 * letter, an invisible one or a mark (a keycap's frame, a line under) as part of the character before it; `from` and
 * `to` say where each came from in `text`.
 */
function digitView(text: string): DigitView {
  if (lastView?.text === text) return lastView.digits;
  const points: Array<{ char: string; start: number; end: number }> = [];
  const spelled = spelledNumbers(text);
  for (let index = 0, next = 0; index < text.length; ) {
    if (spelled[next]?.start === index) {
      const { digits, start, end } = spelled[next++];
      for (const digit of digits) points.push({ char: digit, start, end });
      index = end;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index)!);
    if ((COMBINING.test(char) || INVISIBLE.test(char)) && points.length > 0) points[points.length - 1].end = index + char.length;
    else points.push({ char, start: index, end: index + char.length });
    index += char.length;
  }
  const isLetter = (point: { char: string } | undefined) => point !== undefined && /\p{L}/u.test(point.char) && !LOOKALIKE.test(point.char);
  let view = '';
  for (let index = 0; index < points.length; index++) {
    const { char } = points[index];
    if (LOOKALIKE.test(char)) {
      // A run of look-alikes counts as digits only where no other letter touches it: '86OO', '9OI2', not 'Pro', 'OOO' or 'S21 Ultra'.
      let last = index;
      while (last + 1 < points.length && LOOKALIKE.test(points[last + 1].char)) last++;
      const [before, after] = [points[index - 1], points[last + 1]];
      const amongDigits = !isLetter(before) && !isLetter(after) && [before, after].some((point) => point && asciiDigit(point.char));
      for (let place = index; place <= last; place++) view += amongDigits ? DIGIT_LOOKALIKES[points[place].char] : points[place].char;
      index = last;
    } else {
      view += BLANK_LETTERS.test(char) ? ' ' : (asciiDigit(char) ?? (char.length === 1 ? char : 'x'));
    }
  }
  const digits = { view, from: points.map((point) => point.start), to: points.map((point) => point.end) };
  lastView = { text, digits };
  return digits;
}

/**
 * The card numbers in `text` (16 digits with a card prefix passing the Luhn check), in order: each
 * one's span, and each of its digits'. A local card's groups of four may have words between them
 * ('8600 1234 va keyin 5678 9012'); other cards' may not, as specifications in a row ('2400x1080,
 * 4500 mAh, 2023') start like a Visa's or a Mastercard's.
 */
function cardNumbers(text: string): Array<{ span: TextSpan; digits: TextSpan[] }> {
  if (digitCount(text) < 8) return [];
  const { view, from, to } = digitView(text);
  const cards: Array<{ span: TextSpan; digits: TextSpan[] }> = [];
  const add = (match: RegExpExecArray) => {
    const digits = match[0].replace(/\D/g, '');
    if (!CARD_PREFIX.test(digits) || !passesLuhn(digits)) return;
    const span = { start: from[match.index], end: to[match.index + match[0].length - 1] };
    if (cards.some((card) => card.span.start < span.end && span.start < card.span.end)) return;
    const places = [...match[0]].flatMap((char, offset) => (/\d/.test(char) ? [match.index + offset] : []));
    cards.push({ span, digits: places.map((place) => ({ start: from[place], end: to[place] })) });
  };
  for (const match of allMatches(CARD_LIKE, view)) add(match);
  // Every local prefix is tried, those inside a group of four that made no card too ('8600 … 8600 1234 …').
  LOCAL_CARD_IN_PARTS.lastIndex = 0;
  for (let match = LOCAL_CARD_IN_PARTS.exec(view); match; match = LOCAL_CARD_IN_PARTS.exec(view)) {
    add(match);
    LOCAL_CARD_IN_PARTS.lastIndex = match.index + 1;
  }
  return cards.sort((a, b) => a.span.start - b.span.start);
}

/** The card numbers in `text`, however written: spaced out, across lines, in look-alike digits, in words (issue 35). */
export function cardNumberSpans(text: string): TextSpan[] {
  return cardNumbers(text).map((card) => card.span);
}

/**
 * Whether `text` may complete a card number begun in earlier messages: it opens with digits (in
 * figures or words) that may go on from where one ended, or holds a group of four (words may stand between a local card's groups).
 */
export function mayCompleteCardNumber(text: string): boolean {
  if (digitCount(text) === 0) return false;
  const { view } = digitView(text);
  return /^[\s.,/_|-]{0,2}\d/.test(view) || /(?<!\d)\d{4}(?!\d)/.test(view);
}

/** The text with every card number's digits but the last four starred: what buyers see. */
export function maskCardNumbers(text: string): string {
  const starred = cardNumbers(text).flatMap((card) => card.digits.slice(0, -4));
  let masked = '';
  let from = 0;
  for (const digit of starred) {
    masked += `${text.slice(from, digit.start)}*`;
    from = digit.end;
  }
  return masked + text.slice(from);
}

/** Uzbek mobile and landline codes after 998: a 9-digit number starting otherwise is not a phone. */
const PHONE_CODES = /^(?:20|33|50|55|61|62|65|66|67|69|71|72|73|74|75|76|77|78|79|88|90|91|93|94|95|97|98|99)/;
/** Digits in groups joined by spaces, dashes, dots, slashes, underscores, brackets or JOINING_MARKS, with an optional '+'. */
const DIGIT_RUN = new RegExp(`\\+?\\(?\\d[\\d\\s()./_${JOINING_MARKS}-]{6,}\\d`, 'g');
/** A number read aloud, its short groups between commas ('91, 123, 45, 67'; 'девяносто один, сто двадцать три, …'), digit by digit too ('девять восемь, семь шесть пять, четыре три два один'). */
const DICTATED = /(?<![\d,])\d(?:\s?\d){0,2}(?:,\s?\d(?:\s?\d){0,2}){1,3},\s?\d(?:\s?\d){0,3}(?![\d,])/g;
/**
 * A round price in thousands: '150 000 000', '90,000,000', '950.500.000'. A phone's nine digits are 200 million and more,
 * no price of a phone, so a figure so grouped is a phone unless it is round ('901 234 567', '998 901 234 567').
 */
const THOUSANDS = /^\d{1,3}(?:([ ,.])\d{3})(?:\1\d{3})*(?<=000)$/;

/**
 * Phone numbers: 9 digits with an Uzbek code, after 998 or 8 or alone, or another country's with its '+' or a Russian
 * mobile's 11 digits, however grouped, in any form of digits or in words (as the card check reads them). Round prices
 * written in thousands ('150 000 000') are not phones.
 */
export function phoneNumberSpans(text: string): TextSpan[] {
  if (digitCount(text) < 7) return [];
  const { view, from, to } = digitView(text);
  const spans: TextSpan[] = [];
  for (const match of [...allMatches(DIGIT_RUN, view), ...allMatches(DICTATED, view)]) {
    const run = match[0].trimEnd();
    const digits = run.replace(/\D/g, '');
    const local = digits.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits.length === 10 && digits.startsWith('8') ? digits.slice(1) : digits;
    // Another country's number: its '+' and code, 10 to 15 digits (E.164), or a Russian mobile's 11 ('+7 916…', '8 916…').
    const abroad = (run.startsWith('+') && digits.length >= 10 && digits.length <= 15) || (digits.length === 11 && /^[78]9/.test(digits));
    if (!abroad && (local.length !== 9 || !PHONE_CODES.test(local))) continue;
    if (local === digits && THOUSANDS.test(run)) continue;
    spans.push({ start: from[match.index], end: to[match.index + run.length - 1] });
  }
  return spans;
}

/**
 * Words that follow the word for Telegram or another network and name no one: 'Telegramda yozing', 'v telege pishite',
 * 'Telegram is faster', what a page does or has ('Facebook: joylanmadi', 'Instagram: yopiq').
 */
const NOT_A_NAME = [
  'joylandi', 'joylanmadi', 'joylangan', 'joylanmagan', 'kutilmoqda', 'kutilyapti', 'ishlamaydi', 'ishlayapti', 'ishlamayapti', 'ulangan', 'ulanmagan',
  'ulandi', 'mavjud', 'yopiq', 'ochiq', 'yopilgan', 'bloklangan', 'kerak',
  'yozing', 'yozish', 'yozasiz', 'yozib', 'yozavering', 'orqali', 'bilan', 'ham', 'bor', 'yoq', 'ishlaydi', 'kanal', 'kanalim', 'kanalimiz', 'guruh', 'guruhimiz',
  'akkaunt', 'profil', 'aloqa', 'xabar', 'javob', 'pishite', 'napishite', 'pishi', 'napishi', 'otvechu', 'otvechayu', 'zvonite', 'tozhe', 'tolko', 'rabotaet',
  'luchshe', 'kanale', 'gruppe', 'gruppa', 'only', 'please', 'message', 'works', 'also', 'account', 'better', 'faster', 'preferred', 'channel', 'group', 'premium',
  'business', 'desktop', 'android', 'iphone', 'available',
];
/** Not one of those words: where a name's pattern starts. */
const NO_WORD = `(?!(?:${NOT_A_NAME.join('|')})(?![\\w.]))`;

/**
 * Contacts that take a buyer off the site: Telegram links and @handles, WhatsApp, a name after a messenger's or a
 * network's name and a colon ('Skype: x', 'VK: x'), web and e-mail addresses and bare domains. The listing's own
 * contact fields are where a seller's phone and Telegram go.
 */
const CONTACT_LIKE = new RegExp(
  String.raw`(?:https?:\/\/|tg:\/\/|www\.)\S+|(?<![\w.+-])[\w.+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}|(?<![\p{L}\p{N}])(?:(?:t|telegram|wa)\.me|telegram\.dog)\/[\w+]+|(?<![\p{L}\p{N}.])(?:[\p{L}\p{N}-]+\.)+(?:uz|com|ru|me|net|org|io|link|site|shop|store|app|ly|co|cc|info|biz|xyz|top|online|su|kz|gl|gg|tv|live|cloud|ws)(?:\/\S*)?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}_])@[A-Za-z][\w.]{2,}|(?<![\p{L}\p{N}])(?:telegram|tg|телеграм|instagram|insta|inst|ig|инстаграм|инста|инст|skype|скайп|discord|дискорд|wechat|snapchat|facebook|fb|фейсбук|vk|вк|tiktok|тикток)\s*[:-]\s*@?${NO_WORD}[A-Za-z][\w.]{3,}|(?<![\p{L}\p{N}])(?:wh?ats?\s?app?|vats?app?|ватсап|вацап|вотсап|viber|vayber|vaiber|вайбер|вибер)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:imo|имо)(?=\s*(?:bor|da|orqali|dan|ga|бор|да|оркали|дан|га|есть|:)(?![\p{L}\p{N}]))|(?<![\p{L}\p{N}])(?:gmail|yandex|e-?mail|email)\s*:\s*[A-Za-z][\w.]{3,}`,
  'giu',
);

/**
 * A link with a path on any country's ending ('instagr.am/x', 'linktr.ee/x', 'rb.gy/x'): shorteners and link pages
 * live on two-letter endings no list holds. Lower case, as links are typed; not a unit ('8gb.mb/s', '5000mah.li/po')
 * nor a longer word after a missing space ('Midnight.blue/black').
 */
const LINK_WITH_PATH = /(?<![\p{L}\p{N}.@])(?:[\p{L}\p{N}-]+\.)+(?!(?:gb|mb|tb|kb|li|mp|hz|mm|cm|kg|gr|px|nm|wh)\/)[a-z]{2}\/[^\s,;]*[\p{L}\p{N}]/gu;

/** Where sellers check a phone, not where they take a buyer: 'imei.info da tekshirildi', 'apple.com'. */
const REFERENCE_SITES = /^(?:https?:\/\/)?(?:www\.)?(?:apple\.com|icloud\.com|samsung\.com|imei\.info|uzimei\.uz|gsmarena\.com)(?:\/\S*)?$/i;

/** A Telegram username as people write one to be found: 5 to 32 letters, digits and underscores, at least one of the last two (not a word). */
const HANDLE = '(?=[A-Za-z][\\w.]*[_\\d])[A-Za-z][\\w.]{4,31}';
/** Telegram as it is called: 'telegram', 'telegramdan', 'telega', 'telegu' (the Russian 'телегу' in Latin), 'телеграм', 'тележка', 'tg', 'тг', 'tg-dan'. */
const TELEGRAM = '(?:telegram\\p{L}*|teleg[aueiy]\\p{L}*|телег\\p{L}*|тележк\\p{L}*|telejk\\p{L}*|tg|тг)(?:-\\p{L}+)?(?![\\p{L}\\p{N}])';
/** Instagram as it is called: 'instagram', 'instagramdagi', 'insta', 'inst', 'инстаграм'; not 'installation'. */
const INSTAGRAM = '(?:instagram\\p{L}*|инстаграм\\p{L}*|insta|инста|inst|инст)(?![\\p{L}\\p{N}])';
/** An Instagram page's name as written to be found: with a dot or an underscore ('ivan.phones', 'ivan_phones_uz'), not a model's 'iPhone13'. */
const INSTAGRAM_HANDLE = '(?=[A-Za-z][\\w.]*[_.][\\w])[A-Za-z][\\w.]{4,29}';
/** A nickname, as a messenger's name is called ('ник', 'nikim', 'username'); not the English 'nick', a scratch. */
const NICKNAME = '(?:ник(?:а|у|ом)?|никнейм\\p{L}*|юзернейм\\p{L}*|юзер|nik(?:i|im|imiz)?|nikname|nickname|username|handle)(?![\\p{L}\\p{N}])';
/** A messenger's name as a nickname gives it: any Latin word but the messenger's own. */
const NICKNAMED = `(?!${TELEGRAM}|${INSTAGRAM})[A-Za-z][\\w.]{4,31}(?![\\p{L}\\p{N}])`;
/** A nickname and a messenger, in either order with up to two words between: 'Ник в телеге', 'tg по нику'. */
const NICKNAME_IN_MESSENGER = `(?:${NICKNAME}(?:[\\s,]+\\p{L}+){0,2}?[\\s,]+(?:${TELEGRAM}|${INSTAGRAM})|(?:${TELEGRAM}|${INSTAGRAM})(?:[\\s,]+\\p{L}+){0,2}?[\\s,]+${NICKNAME})`;

/** A name spelled out a letter at a time ('s o t u v c h i', 'a.r.z.o.n_1'): five characters or more, each alone. */
const SPACED_NAME = '[A-Za-z](?:[\\s.-]{1,2}[A-Za-z0-9_](?![\\p{L}\\p{N}_])){4,}';
/** The seller's own contact named ('kontakt', 'raqamim', 'телефон для связи', 'my number'): not a number of the phone's (its IMEI, its model's). */
const OWN_CONTACT = `(?:(?:kontakt|контакт|contact|aloqa|алоқа|алока)\\p{L}*|nomerim\\p{L}*|raqamim\\p{L}*|номерим\\p{L}*|рақамим\\p{L}*|ракамим\\p{L}*|мой номер|мой телефон|номер для связи|телефон для связи|telefon raqamim\\p{L}*|phone number|my number|my phone number)`;
/** In a photo or a picture ('rasmda', 'на фото', 'in the photos'). */
const IN_A_PHOTO = `(?:rasm|расм|surat|сурат|фото|photo|картин|скрин|screenshot|pic)\\p{L}*`;
/** A channel or a group ('kanalimiz', 'канал', 'guruhga', 'group'), and joining or looking for one ('obuna bo'ling', 'подписывайтесь', 'izlang', 'search'). */
const CHANNEL = '(?:kanal|канал|channel|guruh|гуруҳ|группа|группу|group)\\p{L}*';
const JOIN = `(?:obuna|обуна|подпис|subscrib|izla|излa|qidir|қидир|кидир|найди|ищи|search|join|qo['ʻʼ‘’\`]?shil|қўшил|вступ)\\p{L}*`;
/** An at sign written out ('(at)', '[at]', '(собака)'), as an address is written so a filter misses it; 'собака' bare only before a Latin name ('ivan собака gmail', not 'Samsung собака погрызла'). */
const AT_WRITTEN = '(?:\\s*[([{<]\\s*(?:at|собака|sobaka)\\s*[)\\]}>]\\s*\\p{L}|\\s+(?:собака|sobaka)\\s+[A-Za-z])\\p{L}+';

/**
 * A Telegram contact written so a filter's link pattern misses it: the link spaced out, without its dot
 * or with the dot bracketed or in words ('t. me/x', 'tme/x', 't me x_1', 't[.]me/x', 't dot me/x', 't(dot)me/x'), an @
 * and a space, a username beside the word for Telegram, before or after it with up to two words between
 * ('telegram arzon_tel', 'Telegramdan yozing: arzon', 'arzon_tel (telegram)'); an Instagram page named so
 * ('Instagram sahifam ivan_phones'); any Latin name called a nickname in a messenger ('Ник в телеге
 * sotuvchi', 'Мой ник sotuvchi в телеге'); a name spelled a letter at a time after an @ or a messenger's word; an
 * address with its at sign written out ('arzon_tel (at) telegram').
 */
const GARBLED_CONTACT = new RegExp(
  [
    `(?<![\\p{L}\\p{N}])t(?:[\\s.[\\](){}]{0,5}|\\s*[([{<]?\\s*(?:dot|nuqta|нукта|нуқта|точка)\\s*[)\\]}>]?\\s*)me(?:\\s{0,2}\\/\\s{0,2}[A-Za-z][\\w]{4,31}|\\s+${HANDLE})`,
    `(?<![\\p{L}\\p{N}_])@\\s{1,2}[A-Za-z][\\w.]{3,}`,
    // A name spelled out after an @ or the word for a messenger, up to two words between ('@ s o t u v c h i', 'Telegramdan yozing: a.r.z.o.n').
    `(?:(?<![\\p{L}\\p{N}_])@|(?<![\\p{L}\\p{N}])(?:${TELEGRAM}|${INSTAGRAM})(?:[\\s,]+\\p{L}{2,}){0,2}?[\\s:,-]*)\\s{0,2}${SPACED_NAME}`,
    // An address with its at sign written out: 'arzon_tel (at) telegram', 'ivan собака gmail', '(at)sotuvchi'.
    `(?<![\\p{L}\\p{N}_])[A-Za-z][\\w.]{2,31}${AT_WRITTEN}`,
    `(?<![\\p{L}\\p{N}])[([{<]\\s*(?:at|собака|sobaka)\\s*[)\\]}>]\\s*[A-Za-z][\\w.]{2,31}`,
    // A username by its name ('My handle is phonedealer_uz', 'username: arzon_tel'), written as one is found.
    `(?<![\\p{L}\\p{N}])${NICKNAME}[\\s:—-]+(?:is\\s+)?@?${HANDLE}`,
    // A site's address with its dot spelled out: 'phonedealer dot uz'.
    `(?<![\\p{L}\\p{N}_])[A-Za-z][\\w-]{2,31}\\s+(?:dot|точка|nuqta|нукта)\\s+(?:uz|com|ru|net|org|me|io|уз|ком|ру)(?![\\p{L}\\p{N}])`,
    // An address spelled out: 'ivan at gmail dot com', 'ivan собака mail точка ru'.
    `(?<![\\p{L}\\p{N}_])[A-Za-z][\\w.]{2,31}\\s+(?:at|собака|sobaka)\\s+[A-Za-z][\\w-]+\\s+(?:dot|точка|nuqta|нукта)\\s+(?:com|ru|uz|net|org|ком|ру|уз)(?![\\p{L}\\p{N}])`,
    // A Latin name right after the Cyrillic word for Telegram ('Телега phonedealer', 'Пишите в телеграм phonedealer'): no Russian word is Latin.
    `(?<![\\p{L}\\p{N}])(?:телег\\p{L}*|тележк\\p{L}*|тг)[\\s,-]+@?${NO_WORD}[A-Za-z][\\w.]{4,31}`,
    `(?<![\\p{L}\\p{N}])${TELEGRAM}(?:[\\s,]+\\p{L}+){0,2}?(?:\\s*[:-]\\s*@?${NO_WORD}[A-Za-z][\\w.]{3,31}|\\s+@?${HANDLE})`,
    // Any Latin name ending its clause right after it, 'is' or a dash between or not: 'Pishite v telegu phonedealer', 'My tg is phonedealer', 'tg — phonedealer'.
    `(?<![\\p{L}\\p{N}])${TELEGRAM}(?:\\s+is(?=\\s)|\\s*[—–=:-])?\\s*@?${NO_WORD}[A-Za-z][\\w.]{4,31}(?=\\s*(?:[.,!?;()\\n]|$))`,
    `(?<![\\p{L}\\p{N}_])${HANDLE}(?:\\s+|\\s*\\(\\s*)${TELEGRAM}`,
    // An Instagram page, named the same ways.
    `(?<![\\p{L}\\p{N}])${INSTAGRAM}(?:[\\s,]+\\p{L}+){0,2}?(?:\\s*[:-]\\s*|\\s+)@?${INSTAGRAM_HANDLE}`,
    `(?<![\\p{L}\\p{N}_.])${INSTAGRAM_HANDLE}(?:\\s+|\\s*\\(\\s*)${INSTAGRAM}`,
    // A channel or group to subscribe to or search for, by whatever name: 'Kanalimizga obuna bo'ling', 'Подписывайтесь на наш канал'.
    `(?<![\\p{L}\\p{N}])${CHANNEL}(?:[\\s,]+\\p{L}+){0,3}?[\\s,:—-]+${JOIN}`,
    `(?<![\\p{L}\\p{N}])${JOIN}(?:[\\s,]+\\p{L}+){0,3}?[\\s,]+${CHANNEL}`,
    // The contact put in a photo, where no text check reads it: 'Kontakt rasmda', 'Телефон для связи на фото', 'My number is in the photos'.
    `(?<![\\p{L}\\p{N}])${OWN_CONTACT}(?:[\\s:—-]+\\p{L}+){0,3}?[\\s:—-]+${IN_A_PHOTO}`,
    `(?<![\\p{L}\\p{N}])${IN_A_PHOTO}(?:[\\s:—-]+\\p{L}+){0,2}?[\\s:—-]+${OWN_CONTACT}`,
    // A nickname in a messenger, the name after both words or between them.
    `(?<![\\p{L}\\p{N}])${NICKNAME_IN_MESSENGER}[\\s:—-]+(?:is\\s+)?@?${NICKNAMED}`,
    `(?<![\\p{L}\\p{N}])${NICKNAME}[\\s:—-]+@?${NICKNAMED}(?:[\\s,]+\\p{L}+){0,2}?[\\s,]+(?:${TELEGRAM}|${INSTAGRAM})`,
  ].join('|'),
  'giu',
);

/** Contacts in `text`: phone numbers and what leads off the site (outsideContactSpans), in order. */
export function contactSpans(text: string): TextSpan[] {
  return mergedSpans([...outsideContactSpans(text), ...phoneNumberSpans(text)]);
}

/** What leads a buyer off the site: links, handles, messengers; read as seen (asSeen) and through mixed letters. */
export function outsideContactSpans(text: string): TextSpan[] {
  const { seen, at, after } = asSeen(text);
  const read = latinInMixedWords(seen);
  const links = [...allMatches(CONTACT_LIKE, read), ...allMatches(GARBLED_CONTACT, read), ...allMatches(LINK_WITH_PATH, read)].filter((match) => !REFERENCE_SITES.test(match[0]));
  return mergedSpans(links.map((match) => ({ start: at(match.index), end: after(match.index + match[0].length - 1) })));
}

/** Spans in order, those that overlap or touch joined: two checks, or two patterns of one, may find the same words. */
export function mergedSpans(spans: readonly TextSpan[]): TextSpan[] {
  const joined: TextSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

/** `text` with the Cyrillic look-alike letters of a word that also has Latin ones read as Latin ('t.mе/x' with a Cyrillic е), one for one. */
function latinInMixedWords(text: string): string {
  return text.replace(/\S+/g, (word) => (/[A-Za-z]/.test(word) && /[асеорхукіјѕһ]/i.test(word) ? word.replace(/[асеорхукіјѕһ]/gi, asLatin) : word));
}

/**
 * What may change how a text reads (asSeen): an invisible character, a mark, a compatibility form (fullwidth,
 * mathematical, circled), a small capital, a Greek letter, a blank letter, a dot or a full stop of another script.
 */
const DRESSED = /[\p{Cf}\p{M}\p{Script=Greek}\u115f\u1160\u2800\u3164\uffa0\u00b7\u0262\u026a\u0274\u0280\u028f\u0299\u029c\u029f\u1d00-\u1dbf\u2022\u2024\u2219\u22c5\u24b6-\u24e9\u3002\u30fb\ua730\ua731\ufe52\uff00-\uffef\u{1d400}-\u{1d7ff}]/u;
/** Full stops and dots as other scripts and lists write them, read as a dot: 't。me', 't｡me', 't·me', 't•me'. */
const FULL_STOPS = /^[\u00b7\u2022\u2219\u22c5\u3002\u30fb\uff61\uff65\ufe52]$/;
/** Greek letters drawn as Latin ones ('Predοplata' with an omicron, 'Τelegram' with a tau), by case. */
const GREEK_LOOKALIKES: Readonly<Record<string, string>> = {
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
};
/** Small capitals, which Unicode keeps apart from the letters they draw ('ᴘʀᴇᴘᴀʏᴍᴇɴᴛ'). */
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm',
  ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
};

/** A text as a reader sees it (asSeen), and where each of its UTF-16 units starts and ends in the text. */
interface Seen {
  seen: string;
  at: (index: number) => number;
  after: (index: number) => number;
}

/**
 * `text` as a reader sees it: no invisible characters ('t.me/\u200barzon' reads 't.me/arzon'), a character drawn as
 * an ASCII one read as it (fullwidth 'ｔ．ｍｅ', '＠', mathematical '𝐏𝐫𝐞𝐝', circled 'Ⓟ', a small capital 'ᴘ', a Greek
 * look-alike 'ο', the one-dot leader '․'), another script's full stop or a dot as a dot, a blank letter as a space; a
 * mark drawn on a letter is part of it where they compose (a decomposed 'й' stays 'й') and nothing elsewhere (a line
 * under or through each letter).
 */
function asSeen(text: string): Seen {
  if (!DRESSED.test(text)) return { seen: text, at: (index) => index, after: (index) => index + 1 };
  let seen = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(index)!);
    if (COMBINING.test(char) && seen.length > 0) {
      const composed = (seen.at(-1) + char).normalize('NFC');
      if (composed.length === 1) seen = seen.slice(0, -1) + composed;
      ends[ends.length - 1] = index + char.length;
    } else if (!INVISIBLE.test(char)) {
      const compatible = FULL_STOPS.test(char) ? '.' : BLANK_LETTERS.test(char) ? ' ' : (SMALL_CAPITALS[char] ?? GREEK_LOOKALIKES[char] ?? char.normalize('NFKC'));
      const kept = /^[!-~]$/.test(compatible) ? compatible : char;
      seen += kept;
      for (let unit = 0; unit < kept.length; unit++) {
        starts.push(index);
        ends.push(index + char.length);
      }
    }
    index += char.length;
  }
  return { seen, at: (index) => starts[index], after: (index) => ends[index] };
}

/**
 * The shipped scam wording (prepayment, a card transfer, a deposit) in Uzbek Latin and Cyrillic,
 * Russian and English, as normalized text matches it (normalizeWording: lower case, no
 * apostrophes nor ь ъ, ў қ ғ ҳ ё э as у к г х е е; Russian typed in Latin is read in Cyrillic). A trailing '*' matches any ending ('предоплат*':
 * предоплата, предоплату, предоплатой). Admins add their own words to these.
 */
export const SCAM_WORDING: readonly string[] = [
  // Uzbek, Latin
  'oldindan tolov*',
  'oldindan tulov*',
  'oldindan pul*',
  'oldindan tola*',
  'oldindan tula*',
  'oldin tolov*',
  'oldin tulov*',
  'oldin pul*',
  'avval tolov*',
  'avval tulov*',
  'avval pul*',
  'avans*',
  'zaklad*',
  'zalog*',
  'zaklat*',
  'zakalat*',
  'zalok',
  'kartaga pul*',
  'kartamga*',
  'pulni oldindan*',
  'pulini oldindan*',
  'karta raqam*',
  'karta nomer*',
  'rekvizit*',
  // A deposit called a guarantee or a pledge, 'returned when the phone arrives'.
  'kafolat puli',
  'garov puli',
  'garovga pul*',
  // Uzbek, Cyrillic
  'олдиндан тулов*',
  'олдиндан тулаб*',
  'олдиндан пул*',
  'олдин тулов*',
  'аввал тулов*',
  'аввал пул*',
  'картага пул*',
  'картамга*',
  'пулни олдиндан*',
  'пулини олдиндан*',
  'карта ракам*',
  'карта номер*',
  'кафолат пули',
  'гаров пули',
  'гаровга пул*',
  // Russian (read in Latin too: readings)
  'предоплат*',
  'аванс*',
  'залог*',
  'закалат*',
  'залок',
  'задат*',
  'оплата вперед',
  'оплату вперед',
  'переведите на карту',
  'перевести на карту',
  'переведи на карту',
  'перекиньте на карту',
  'скиньте на карту',
  'скинь на карту',
  'киньте на карту',
  'кидайте на карту',
  'закиньте на карту',
  'переведите деньги',
  'половина сразу',
  'половина сейчас',
  'на мою карту',
  'номер карты',
  'номер моей карты',
  'реквизит*',
  'гарантийн* взнос*',
  // Not 'депозит' alone: a bank deposit, in Uzbek too ('bankdagi depozitim').
  'страхов* депозит*',
  'пред оплат*',
  'предаплат*',
  // English
  'prepay*',
  // 'Prepaid' as the deal's terms, not a prepaid SIM card.
  'prepaid only',
  'only prepaid',
  'prepaid order*',
  'prepaid basis',
  'prepaid delivery',
  'pre-pay*',
  'pre pay*',
  'advance payment',
  'pay in advance',
  'payment in advance',
  'pay first',
  'money first',
  'payment first',
  'upfront',
  'half now',
  'deposit*',
  'transfer to my card',
  'transfer to card',
  'send money to*',
  'western union',
  'card number',
  'card details',
];

/** Cyrillic letters drawn as Latin ones: a word mixing the two ('прeдоплата' with a Latin e) reads as one spelling. */
const LATIN_LOOKALIKES: Record<string, string> = { а: 'a', с: 'c', е: 'e', о: 'o', р: 'p', х: 'x', у: 'y', к: 'k', і: 'i', ј: 'j', ѕ: 's', һ: 'h' };

/**
 * The text as the wording is matched: one spelling for the letters Uzbek writes several ways, for
 * the Cyrillic letters that look Latin, and for a zero or an at sign written for an O or an A
 * ('пред0плата', '@vans'); no soft or hard sign, as many leave them out ('скинте') and Russian typed
 * in Latin has none ('skinte'); the words matched are spelled the same way.
 */
export function normalizeWording(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ʻʼ'`‘’′´ьъ\p{Cf}]/gu, '')
    .replace(/[0@]/g, (sign) => (sign === '0' ? 'o' : 'a'))
    .replace(/ў/g, 'у')
    .replace(/қ/g, 'к')
    .replace(/ғ/g, 'г')
    .replace(/ҳ/g, 'х')
    .replace(/[ёэ]/g, 'е')
    .replace(/[асеорхукіјѕһ]/g, asLatin);
}

/** A Cyrillic look-alike letter (LATIN_LOOKALIKES, either case) as the Latin letter it looks like. */
function asLatin(letter: string): string {
  return LATIN_LOOKALIKES[letter.toLowerCase()];
}

/**
 * Where `words` occur in `text` as whole words: each word normalized like the text, spaces between
 * its parts matching any run of spaces or dashes, or a dot or an underscore alone. Answers the words found and their spans in
 * the original text.
 */
export function wordingSpans(text: string, words: readonly string[]): { words: string[]; spans: TextSpan[] } {
  const found = new Set<string>();
  const spans: TextSpan[] = [];
  const all = readings(text);
  for (const reading of all) {
    for (const word of words) {
      for (const match of wordMatches(word, reading.normalized)) {
        const span = spanIn(reading, match.index, match.index + match[0].length);
        if (negatedInAny(all, span)) continue;
        found.add(word);
        spans.push(span);
      }
    }
  }
  return { words: [...found], spans: mergedSpans(spans) };
}

/** Where `text` asks for money before the phone is seen: the shipped wording, the admins' `bannedWords`, and requests to move money to a card or a payment app. */
export function scamWordingSpans(text: string, bannedWords: readonly string[] = []): TextSpan[] {
  return mergedSpans([...wordingSpans(text, [...SCAM_WORDING, ...bannedWords]).spans, ...requestSpans(text, MONEY_REQUESTS)]);
}

/** Verbs that move money to someone. Paying is not one: 'Click orqali to'lov' is how an honest buyer pays at the meeting. */
const TRANSFER_VERBS = ['tashla*', 'otkaz*', 'ташла*', 'утказ*', 'переве*', 'перевод*', 'перекин*', 'скин*', 'скидыва*', 'закин*', 'закидыва*', 'кинь', 'киньте', 'кидай*', 'send', 'transfer', 'wire'];
/** The payment apps and cards people pay each other with. */
const PAYMENT_APPS = [
  'click*', 'клик*', 'payme*', 'пейми*', 'paynet*', 'пейнет*', 'humo*', 'хумо*', 'uzcard*', 'узкард*',
  'uzum*', 'узум*', 'apelsin*', 'апелсин*', 'апельсин*', 'tbc*', 'anor*', 'анор*', 'пайме*', 'пайнет*',
  // Paying online is paying from afar, before the phone is seen.
  'onlayn', 'онлайн', 'online',
];
/** The card by its name: a term asked in its sentence is its expiry, four digits after it its number begun. */
const CARDS = ['karta*', 'kartangiz*', 'kartochka*', 'карт*', 'card', 'cards'];
/** Wallets no one pays a stranger at a meeting with, and no bank takes back: foreign e-wallets, crypto. */
const WALLETS = ['qiwi*', 'киви*', 'yoomoney', 'юmoney', 'юмани', 'webmoney', 'вебмани', 'usdt', 'binance*', 'бинанс*', 'крипт*', 'kripto*', 'crypto*', 'bitcoin*', 'биткоин*', 'btc'];
/** Where the money would go: a card, an account, a bank, or a wallet in a payment app. */
const MONEY_DESTINATIONS = [
  'karta*', 'kartochka*', 'карта*', 'карту', 'карте', 'карты', 'картой', 'карточк*',
  'hisob*', 'хисоб*', 'счет*', 'bank*', 'банк*', 'card', 'account',
  // The seller's phone number, which the apps transfer to as to a card.
  'по номеру телефона', 'по номеру карты', 'raqam orqali', 'ракам оркали', 'by phone number',
  ...PAYMENT_APPS,
  ...WALLETS,
];
/**
 * Asking someone to send or move something, in the forms that ask ('yuboring', 'yuborsangiz',
 * 'tashlang', 'отправьте', 'вышлите', 'send'), not the seller's own 'yuboraman' nor a victim's 'yubordim'.
 */
const SEND_REQUESTS = [
  // The polite imperative ('-ing' after a consonant, '-ng' after a vowel) and the 'if you' form ('-sangiz').
  ...['yubor', 'jonat', 'otkaz', 'tashla'].flatMap((stem) => [`${stem}${/[aeiou]$/.test(stem) ? 'ng' : 'ing'}*`, `${stem}sangiz*`]),
  // 'жўнат' typed with an о where the keyboard has no ў.
  ...['юбор', 'жўнат', 'жонат', 'утказ', 'ташла'].flatMap((stem) => [`${stem}${/[аеиоуў]$/.test(stem) ? 'нг' : 'инг'}*`, `${stem}сангиз*`]),
  // The converb and a helping verb asked ("tashlab turing", "o'tkazib qo'ying", 'юбориб қўйсангиз').
  ...['yubor', 'jonat', 'otkaz', 'tashla', 'tola'].flatMap((stem) =>
    ['qoying', 'qoysangiz', 'turing', 'tursangiz', 'bering', 'bersangiz'].map((helper) => `${stem}${/[aeiou]$/.test(stem) ? 'b' : 'ib'} ${helper}*`),
  ),
  ...['юбор', 'жўнат', 'утказ', 'ташла', 'тула'].flatMap((stem) =>
    ['куйинг', 'куйсангиз', 'туринг', 'турсангиз', 'беринг', 'берсангиз'].map((helper) => `${stem}${/[аеиоуў]$/.test(stem) ? 'б' : 'иб'} ${helper}*`),
  ),
  'отправьте', 'отправь', 'отправляйте', 'вышлите', 'вышли', 'пришлите', 'переведите', 'переведи', 'скиньте', 'скинь', 'киньте', 'закиньте', 'перекиньте', 'внесите', 'внеси',
  'send', 'transfer', 'wire',
];
/**
 * Asking for a transfer ("tashlang", "o'tkazing", 'переведите', 'скиньте'): the money moved, not the phone. Not in
 * English, whose words are nouns as often ('data transfer', 'wire included') and whose 'send' sends anything.
 */
const TRANSFER_REQUESTS = SEND_REQUESTS.filter((word) => !['send', 'transfer', 'wire'].includes(word) && TRANSFER_VERBS.some((verb) => word.startsWith(verb.replace('*', ''))));
/** Money as a request names it: the money, half of it, the payment, a transfer, an amount, a fee, something paid for ('Бронь платная'). */
const MONEY_WORDS = [
  'pul*', 'yarmi*', 'tolov*', 'tulov*', 'ming', 'som', 'пул*', 'ярми*', 'тулов*', 'минг', 'сум',
  'деньг*', 'денег', 'половин*', 'сумм*', 'оплат*', 'перевод*', 'тысяч*', 'доллар*', 'платн*', 'pullik', 'пуллик',
  'money', 'half', 'payment', 'dollar*', 'amount', 'fee',
];
/** Money itself, paid or sent: 'pul', 'деньги', 'money'. */
const MONEY = ['pul*', 'пул*', 'деньг*', 'money'];
/** Paying itself: what a seller puts before sending the phone ('до оплаты', 'pay … before delivery'). */
const PAYMENTS = ['tolov*', 'tulov*', 'тулов*', 'оплат*', 'оплач*', 'предоплат*', 'перевод*', 'payment*', 'pay', 'paying', 'paid', 'transfer*'];
/** Money put before the phone: 'Pul oldin', 'Сначала оплата', 'Деньги вперед'. */
const BEFORE_THE_PHONE = ['avval', 'oldin', 'oldindan', 'аввал', 'олдин', 'олдиндан', 'сначала', 'сперва', 'вначале', 'вперед', 'first', 'upfront'];
/** The buyer's paying, as the seller tells it ("to'laysiz", 'переводите', 'you pay'): asked when put first ("Oldin karta orqali to'laysiz"). */
const YOU_PAY = [
  'tolaysiz', 'tolab qoyasiz', 'tolab berasiz', 'tolov qilasiz', 'otkazasiz', 'otkazib qoyasiz', 'tashlaysiz', 'tashlab qoyasiz',
  'тулайсиз', 'тулаб куясиз', 'тулов киласиз', 'утказасиз', 'утказиб куясиз', 'ташлайсиз', 'ташлаб куясиз',
  'оплачиваете', 'переводите', 'перечисляете', 'скидываете', 'кидаете', 'закидываете', 'переведете', 'перечислите', 'скинете', 'закинете', 'you pay', 'you transfer',
];
/** Paid in advance: only ever said of money ('100% oldindan', 'оплачиваете заранее', 'предварительная оплата'). */
const IN_ADVANCE = ['oldindan', 'олдиндан', 'вперед', 'заранее', 'предварительн*', 'upfront', 'in advance', 'beforehand'];
/** A phone shipped: by post, a courier or a bus ("jo'nataman", 'почтой', 'BTS'), never a photo. */
const SHIPPING = [
  'jonat*', 'жўнат*', 'жонат*', 'pochta*', 'почта*', 'почтой', 'почте', 'почту', 'почтов*', 'yetkaz*', 'етказ*', 'dostavka*', 'bts', 'emu', 'достав*', 'ship*', 'deliver*', 'dispatch*', 'mail*',
  'kuryer*', 'курьер*', 'courier*',
  // Put on a bus, a train or in a taxi, with its driver.
  'автобусом', 'поездом', 'с водителем', 'через водителя', 'avtobus orqali', 'taksi orqali', 'poyezd orqali', 'haydovchi orqali', 'taksiga qoy*', 'avtobusga qoy*',
  'by bus', 'by train', 'with a driver',
  // No meeting, so the phone can only be sent.
  'самовывоза нет', 'без самовывоза', 'самовывоз не*', 'без встреч*', 'встреч нет', 'не встречаюсь', 'uchrashmayman', 'учрашмайман', 'uchrashuv yoq', 'учрашув йук',
  'no pickup', 'no meetups', 'no meeting*', 'no meet',
];
/** A phone sent, not handed over at a meeting: the handover a prepayment scam promises ('yuboraman' may send a photo too). */
const SENDING = [...SHIPPING, 'yolga chiq*', 'йулга чик*', 'yubor*', 'юбор*', 'отправ*', 'вышл*', 'высыл*', 'пошл*', 'send*', 'sent'];
/** Asking to pay ("to'lang", "to'lab qo'ying", 'оплатите', 'pay'): for the delivery, it is money sent before the phone. */
const PAY_REQUESTS = [
  'tolang', 'tolanglar', 'tolab qoying', 'tolab yuboring', 'tolab bering', 'тулан', 'туланглар', 'тулаб куйинг', 'тулаб юборинг',
  'оплатите', 'оплати', 'заплатите', 'заплати', 'pay', 'make the payment', 'make a payment', 'make payment',
];
/** "If you pay" ("to'lasangiz"): a request only in one clause with the sending ("Payme orqali to'lasangiz ertaga jo'nataman"). */
const IF_YOU_PAY = ['tolasangiz*', 'туласангиз*'];
/** "If you pay" said as a clause of its own ('Если оплатите сегодня, отправлю завтра', 'Once you pay, I ship'). */
const IF_YOU_PAY_CLAUSE = [
  'если оплатите', 'если переведете', 'если перечислите', 'как оплатите', 'как переведете', 'как только оплатите', 'как только переведете',
  'когда оплатите', 'когда переведете', 'if you pay', 'once you pay', 'when you pay', 'as soon as you pay', 'if you transfer', 'once you transfer',
];
/** The seller's own sending ("jo'nataman", 'отправлю', 'I ship'): after the buyer's paying, the order asks for the money first. */
const I_SEND = [
  'jonataman', 'jonatamiz', 'yuboraman', 'yuboramiz', 'topshiraman', 'pochtaga topshir*', 'жўнатаман', 'жонатаман', 'жўнатамиз', 'юбораман', 'юборамиз', 'топшираман',
  'отправлю', 'отправляю', 'отправим', 'вышлю', 'высылаю', 'пошлю', 'забронирую', 'i ship', 'i send', 'i will ship', 'i will send', 'ill ship', 'ill send', 'i will dispatch', 'ill dispatch', 'i reserve',
];
/** Half the price now ('yarmini hozir', 'половину сейчас', 'half the price now'; not 'half price', a sale), the rest later: the half is paid before the phone. */
const HALF = ['yarmini', 'ярмини', 'yarim pul*', 'ярим пул*', 'половину', 'half the price', 'half of the price', 'half the amount', 'half the money', 'half payment', 'half the payment', 'half of it'];
const NOW = ['hozir', 'ҳозир', 'хозир', 'сейчас', 'сразу', 'now'];
/** A payment split 'fifty-fifty' ('Оплата 50 на 50', "50/50 to'lov"): half of it before the phone. Read normalized: an O may be a 0. */
const HALF_AND_HALF = new RegExp(`(?<![\\d/])5[0o]\\s?(?:/|x|-|${normalizeWording('на')}|na|ga)\\s?5[0o](?![\\d/])`, 'gu');
/** Paid as the phone is received ('при получении', "qo'lingizga tekkanda", 'on delivery'): what the payment requests are not. */
const ON_RECEIPT = [
  'olganda', 'olganingizda', 'kelganda', 'tekkanda', 'uchrashganda', 'qabul qilganda', 'олганда', 'олганингизда', 'келганда', 'текканда', 'учрашганда',
  'uchrashuvda', 'учрашувда', 'при получении', 'по получении', 'после получения', 'когда получите', 'при встрече', 'при личной встрече', 'на месте', 'наложенн*',
  'on delivery', 'on pickup', 'at pickup', 'in person', 'at the meeting', 'when we meet', 'on receipt', 'upon receipt', 'cash on', 'when it arrives', 'when you get', 'when you receive',
  'kuryerga', 'курьеру', 'to the courier', 'pay the courier',
  'olgach', 'olgandan keyin', 'olganingizdan keyin', 'korgandan keyin', 'tekshirgandan keyin', 'олгач', 'олгандан кейин', 'олганингиздан кейин',
];
/** A photo, as one is asked for ('rasmga olib yuboring', 'пришлите фото'). */
const PHOTOS = ['rasm*', 'surat*', 'расм*', 'сурат*', 'фото*', 'photo*', 'picture*', 'скрин*', 'skrin*'];
/** A commission ('komissiya', 'комиссию'): paid for money to come through, the fee that lets a page take more. */
const COMMISSIONS = ['komissiya*', 'комисси*', 'commission*'];
/** Money coming to the one asked ('Для получения денег', "pulingiz tushishi uchun", 'to receive your money'). */
const MONEY_COMING = ['получени*', 'получить', 'получите', 'зачислени*', 'поступлени*', 'olish uchun', 'tushishi*', 'олиш учун', 'тушиши*', 'receive*'];
/** Asking for money back ('qaytaring', 'верните', 'refund'). */
const RETURN_REQUESTS = ['qaytaring', 'qaytarib bering', 'qaytarib yuboring', 'qaytarsangiz*', 'кайтаринг', 'кайтариб беринг', 'кайтариб юборинг', 'кайтарсангиз*', 'верните', 'вернете', 'верни', 'refund', 'send back', 'give back', 'pay back'];
/** Money sent over the price, as what is given back ('farqini', 'ortiqcha pulni', 'разницу', 'лишнее', 'the difference'): the overpayment scam. */
const OVERPAID = ['farqini', 'farqni', 'фаркини', 'фаркни', 'ortiqcha pul*', 'ortiqchasini', 'ортикча пул*', 'ортикчасини', 'разницу', 'лишнее', 'лишние деньги', 'излишек', 'the difference', 'overpaid', 'overpayment', 'too much'];
/** What else is sent or dropped (a photo, an address, a video, the price): 'Скиньте фото, отправлю ответ', 'Скиньте цену' ask for no money. */
const SENT_BESIDES_MONEY = [...PHOTOS, 'manzil*', 'манзил*', 'адрес*', 'address', 'video*', 'видео*', 'lokatsiya*', 'локаци*', 'location', 'narx*', 'нарх*', 'цен*', 'скидк*', 'chegirma*', 'чегирма*'];
/** The rest of the money ('qolganini', 'остальное', 'the rest'): paid on receipt, the first part, to a card or an app or a half, is paid before. */
const THE_REST = ['qolganini', 'qolgani', 'qolgan pul*', 'qolgan qism*', 'qolgan summa*', 'колганини', 'колгани', 'колган пул*', 'колган кисм*', 'колган сумма*', 'остальн*', 'остаток', 'оставш*', 'the rest', 'remaining', 'the remainder', 'the balance'];
/** A half, as the first part of a price: 'yarmi', 'половину', 'half'. */
const HALVES = ['yarmi*', 'ярми*', 'половин*', 'half'];
/** Talked over or shown at the meeting ('gaplashamiz', 'обсудим', 'покажу'): 'Qolganini uchrashganda gaplashamiz' is no payment. */
const TALKED_OVER = ['gaplash*', 'kelish*', 'korasiz', 'korsat*', 'aytaman', 'гаплаш*', 'келиш*', 'курасиз', 'курсат*', 'айтаман', 'обсуд*', 'договор*', 'расскаж*', 'покаж*', 'discuss*', 'talk*', 'show*', 'tell*'];
/** Sending put after the payment, the payment named first: 'после оплаты', 'after full payment', 'once paid'. */
const AFTER = ['после', 'after', 'once'];
/** The money landing on the seller's card ('pul tushgach', 'pul kelsa', 'деньги поступят'): paid from afar, before the phone. */
const MONEY_LANDED = [
  'pul tush*', 'pullar tush*', 'tolov tush*', 'пул туш*', 'пуллар туш*', 'тулов туш*',
  'pul kelgach', 'pul kelgan*', 'pul kelsa', 'pul kelishi*', 'пул келгач', 'пул келган*', 'пул келса', 'пул келиши*',
  'pul otgach', 'pul otgan*', 'tolov otgach', 'tolov otgan*', 'пул утгач', 'пул утган*', 'тулов утгач', 'тулов утган*',
  'kartaga tush*', 'kartamga tush*', 'hisobga tush*', 'hisobimga tush*', 'картага туш*', 'картамга туш*', 'хисобга туш*',
  'деньги прид*', 'деньги поступ*', 'придут деньги', 'поступят деньги', 'поступлени*',
  'money arrives', 'money comes', 'money lands', 'money is in', 'payment arrives', 'payment lands', 'payment is received', 'payment received', 'paid in full',
];
/** Uzbek puts 'after' behind the payment: "to'lovdan keyin", 'pul tushgach' (once the money lands), 'pulni olgandan'. */
const PAID_FIRST = [
  ...MONEY_LANDED,
  'tolovdan keyin', 'tolovdan song', 'туловдан кейин', 'туловдан сунг',
  'pulni olgach', 'pulni olgan*', 'пулни олгач', 'пулни олган*',
  'tolagach', 'tolaganingiz*', 'tolov qilgach', 'tolov qilganingiz*', 'тулагач', 'тулаганингиз*', 'тулов килгач', 'тулов килганингиз*',
];
/**
 * The phone handed over ("telefon sizniki", 'телефон ваш', 'beraman'): once the money has landed, it is the payment's
 * reward; once it is taken ("pulni olgach beraman"), it is a meeting's handover.
 */
const HANDED_OVER = ['sizniki', 'сизники', 'beraman', 'бераман', 'ваш', 'ваше', 'твой', 'отдам', 'отдаю', 'yours'];
/** Sending next, said right after the payment: "to'lov, keyin jo'nataman", 'оплата переводом, потом отправка'. */
const THEN_SENDING = [
  'keyin jonat*', 'keyin yubor*', 'keyin pochta*', 'кейин жўнат*', 'кейин жонат*', 'кейин юбор*', 'кейин почта*',
  'потом отправ*', 'потом вышл*', 'потом доставк*', 'затем отправ*', 'then i send', 'then i ship', 'then ship*', 'then send*',
];
/** Before the phone is sent: 'до отправки', 'before delivery', "jo'natishdan oldin". */
const BEFORE_SENDING = [
  'до отправк*', 'перед отправк*', 'до отправлени*', 'перед отправлени*', 'до доставк*', 'перед доставк*',
  'before ship*', 'before deliver*', 'before dispatch*', 'before sending', 'before i send', 'before i ship', 'prior to ship*',
  'jonatishdan oldin', 'jonatishdan avval', 'jonatishimdan oldin', 'yuborishdan oldin', 'yuborishdan avval', 'yuborishimdan oldin', 'yetkazishdan oldin',
  'жўнатишдан олдин', 'жўнатишдан аввал', 'жонатишдан олдин', 'юборишдан олдин', 'юборишдан аввал', 'етказишдан олдин',
];
/** Money told as moved already ('перевел', "o'tkazdim", 'paid'): a buyer's account of a deal, which a review may give. */
const MOVED = [
  'перевел*', 'скинул*', 'отправил*', 'оплатил*', 'otkazdim', 'otkazdik', 'tashladim', 'tashladik', 'yubordim', 'yubordik', 'toladim', 'toladik',
  'утказдим', 'утказдик', 'ташладим', 'ташладик', 'юбордим', 'юбордик', 'туладим', 'туладик', 'transferred', 'paid', 'sent',
];
/**
 * A fee to release the phone: a customs duty ('bojxona', 'растаможка', 'customs') for a phone 'coming from abroad', a
 * warehouse's storage ('ombor xizmati', 'хранение на складе'), paid by the buyer first.
 */
const RELEASE_FEES = [
  'bojxona*', 'божхона*', 'rastamozh*', 'растамож*', 'таможн*', 'poshlin*', 'пошлин*', 'customs',
  'ombor xizmat*', 'ombor uchun', 'омбор хизмат*', 'омбор учун', 'хранение на складе', 'за хранение', 'услуги склада', 'складские услуги', 'warehouse fee', 'storage fee',
];
/** A duty already paid, for the phone's registration (UZIMEI): "bojxona to'lovi to'langan", 'пошлина оплачена'. */
const DUTY_PAID = ['tolangan', 'тўланган', 'оплачен*', 'оплатил*', 'uzimei*', 'узимей*', 'registered', 'royxat*', 'руйхат*', 'регистр*', 'already paid'];
/** Holding the phone for a buyer: a deposit's pretext ('Bron uchun 100 ming', 'Band qilish uchun 20%'); not 'bronza' nor 'бронированное'. */
const HOLDING = [
  'bron', 'broni', 'bronga', 'bronla*', 'band qil*', 'ushlab tur*', 'saqlab tur*', 'бронь', 'брони', 'броню', 'забронир*', 'бронирую', 'бронировать', 'бронирование',
  'брон', 'бронга', 'бронла*', 'банд кил*', 'ушлаб тур*', 'саклаб тур*', 'держу', 'придерж*', 'отложу', 'reserve', 'reserving', 'booking', 'hold', 'holding',
];
/** Holding the phone as the purpose of something needed ('Bron uchun', 'Для брони', 'Чтобы забронировать', 'To hold it'). */
const TO_HOLD = [
  'bron uchun', 'bronlash uchun', 'band qilish uchun', 'ushlab turish uchun', 'saqlab turish uchun', 'брон учун', 'бронлаш учун', 'банд килиш учун', 'ушлаб туриш учун',
  'для брони', 'для бронирования', 'чтобы забронировать', 'чтобы придержать', 'чтобы я придержал', 'чтобы отложить', 'to hold it', 'to reserve it', 'to book it', 'to hold the phone',
];
/** Needed, said as a condition ('kerak', 'нужно', 'need'); not "kerak bo'lsa" (if one needs). */
const NEEDED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${spelledAsMatched(['kerak', 'керак', 'нужно', 'нужна', 'нужен', 'надо', 'требуется', 'need', 'needed', 'required'])})(?![\\p{L}\\p{N}])(?!\\s+(?:${spelledAsMatched(['bolsa', 'булса'])}))`,
  'gu',
);
/** A bare amount closing a request ('скиньте 100', 'send 300'): money in thousands or dollars, no other thing counted. */
const BARE_AMOUNT = /(?<![\p{L}\p{N}])\d[\do]+(?:[\s.,][\do]{3})*(?=\s*(?:[.!?;,\n]|$))/gu;
/**
 * A local card's number begun (Uzcard's 8600, Humo's 9860) and cut short by stars, x's or dots, the rest promised
 * elsewhere: 'Karta 8600 12** qolganini lichkada'. A number in parts without them is the card check's, once whole.
 */
const CARD_BEGUN = /(?<![\p{L}\p{N}])(?:86oo|986o)(?:[\s-]?[\do]{1,4}){0,3}[\s-]?(?:[*×•#…]|x+(?!\p{L})|\.{2,})/gu;

/** Onto the seller's card itself ('kartaga', 'на мою карту'): money put there needs no verb ("Yo'l puli 50 ming kartaga"). */
const ONTO_THE_CARD = ['kartaga', 'kartamga', 'картага', 'картамга', 'на карту', 'на мою карту', 'to my card'];
/**
 * Money's way to the seller's card or account ('на карту', 'kartaga', 'to my card'), or a transfer ('переводом', 'by
 * bank transfer'): with the phone sent, paid before it. Not how a buyer pays at a meeting ('karta orqali', 'картой').
 */
const TO_THE_CARD = [
  ...ONTO_THE_CARD,
  'переводом', 'by transfer', 'by bank transfer', 'otkazma orqali', 'утказма оркали',
  'на карточку', 'на счет', 'на humo', 'на хумо', 'на uzcard', 'на узкард', 'на click', 'на клик', 'на payme',
  'kartochkaga', 'hisobga', 'hisobimga', 'humoga', 'uzcardga', 'clickga', 'paymega',
  'хисобга', 'хисобимга', 'хумога', 'узкардга', 'кликга',
  'to card', 'to my account',
];
/** Asking to pay through a kiosk to a phone's balance ("Paynet qilib qo'ying"): no buyer pays a seller so at a meeting. */
const DOING_REQUESTS = ['qiling*', 'qilib', 'qilsangiz*', 'қилинг*', 'қилиб', 'қилсангиз*'];
/** Paying by an app told as the buyer's doing ("pulini Click qilasiz", 'Payme qilib yuborasiz'). */
const APP_DOING = [...DOING_REQUESTS, 'qilasiz', 'киласиз'];
const PHONE_BALANCE = ['paynet*', 'пейнет*', 'пайнет*'];
/** Asking to top up a phone's balance ('пополните', "to'ldiring", 'top up'). */
const TOP_UP = ['пополните', 'пополни', 'toldiring', 'toldirib qoying', 'toldirsangiz', 'тулдиринг', 'тулдириб куйинг', 'тулдирсангиз', 'top up'];

/** Paying without a prepayment or deposit, or without paying at all ('без предоплаты', "to'lovsiz", 'without a deposit'). */
const WITHOUT_PAYING = [
  'без предоплат*', 'без залог*', 'без задат*', 'без аванс*', 'без оплат*', 'без перевод*', 'без денег',
  'without prepay*', 'without a deposit', 'without deposit', 'without payment', 'without paying', 'without money',
  'tolovsiz', 'pulsiz', 'zalogsiz', 'zakladsiz', 'avanssiz', 'туловсиз', 'пулсиз', 'залогсиз', 'аванссиз',
];
/** Refusing to send or hold the phone ('не отправляю', "yubormayman", "won't ship"): after WITHOUT_PAYING, the money is the condition. */
const REFUSED_SENDING = [
  'не отправ*', 'не высыл*', 'не вышлю', 'не брониру*', 'не бронир*', 'не резервир*', 'не отклад*', 'не отложу',
  'не держу', 'не придержу', 'не оставлю',
  'no shipping', 'no delivery', 'no reservation*', 'not ship*', 'not send*', 'not reserve', 'dont ship', 'dont send', 'dont reserve', 'wont ship', 'wont send', 'wont reserve', 'cant ship', 'cannot ship',
  'not hold', 'dont hold', 'wont hold', 'jonatmay*', 'yubormay*', 'bron qilmay*', 'band qilmay*', 'ushlab turmay*', 'saqlamay*', 'ушлаб турмай*', 'сакламай*', 'жўнатмай*', 'жонатмай*', 'юбормай*', 'брон килмай*', 'банд килмай*',
];
/** Paid first, the phone kept for whoever pays ('Кто первый переведет', 'Whoever pays first', "Kim birinchi to'lasa"). */
const FIRST_COME = ['кто первый', 'кто первым', 'кто раньше', 'первый кто', 'первому кто', 'whoever', 'first to', 'first one to', 'first person to', 'kim birinchi', 'kim oldin', 'ким биринчи', 'ким олдин'];
const PAYS = [
  'переведет', 'оплатит', 'перечислит', 'скинет', 'закинет', 'заплатит', 'внесет', 'pays', 'transfers', 'sends the money',
  'tolasa', 'tashlasa', 'otkazsa', 'туласа', 'ташласа', 'утказса',
];
/** The one who sent the money, as the phone's taker ("pulini yuborgan odamga beraman", "pul tashlaganga"). */
const TO_THE_PAYER = [
  'yuborganga', 'tashlaganga', 'otkazganga', 'tolaganga', 'yuborgan odamga', 'tashlagan odamga', 'otkazgan odamga', 'tolagan odamga',
  'юборганга', 'ташлаганга', 'утказганга', 'тулаганга', 'юборган одамга', 'ташлаган одамга', 'утказган одамга', 'тулаган одамга',
];
/** A link ('ссылка', 'havola', 'ssilka'): sent for a payment, a delivery or a 'safe deal', it is the fake payment page that takes a card. */
const LINKS = ['ssilka*', 'silka*', 'ссылк*', 'ссылочк*', 'havola*', 'xavola*', 'хавола*', 'link', 'links'];
/** What a fake page promises: a payment or the money received, a delivery, a 'safe deal'. */
const LINK_PURPOSES = [
  ...PAYMENTS, ...MONEY, 'средств*', 'dostavka*', 'доставк*', 'delivery', 'безопасная сделк*', 'безопасную сделк*', 'безопасной сделк*', 'xavfsiz savdo*', 'хавфсиз савдо*', 'safe deal', 'secure deal',
];
/** The buyer's paying told as their doing ("to'lovni Click orqali qilasiz", 'оплату делаете переводом'), in a sentence naming a payment. */
const YOU_DO = ['qilasiz', 'amalga oshirasiz', 'киласиз', 'амалга оширасиз', 'делаете', 'производите', 'вносите', 'you make', 'you do'];

/** Amounts: a request's words may have any number of them between ('Humo 9860 1234 5678 9012 ga tashlang'). */
const AMOUNTS = /[\d\s.,%]*\d[\d\s.,%]*/gu;
/** A word as written between a request's words, apostrophes within it ("o'z") and invisible characters too. */
const WRITTEN_WORD = /[\p{L}\p{N}]+(?:[ʻʼ'`‘’′´\p{Cf}]+[\p{L}\p{N}]+)*/gu;
/** A share's sign or word: '%', '50 foiz', '30 процентов', '20 percent'. */
const PERCENT = ['foiz', 'фоиз', 'процент', 'percent', 'per cent'];
/** Shares: money put before the phone may have one between ("oldindan 30% to'lov"); an amount there tells an old price ('Avval 500 dollar turardi'). */
const SHARES = new RegExp(`\\d+(?:[.,]\\d+)?\\s?(?:%|(?:${PERCENT.join('|')})\\p{L}*)`, 'giu');
/** A share of the price as the money asked for ('20% tashlang', 'Send 50 percent'), in the text as matched (a 0 read as an o). */
const SHARE = new RegExp(`(?<![\\p{L}\\p{N}])\\d[\\do]*(?:[.,][\\do]+)?\\s?(?:%|(?:${PERCENT.map(normalizeWording).join('|')})\\p{L}*)`, 'gu');

/** An amount of money with its unit, as the money asked ('скиньте 30к', '100$ oldindan', '500 тыс'), in the text as matched (a 0 read as an o). */
const MONEY_AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:\\$\\s?\\d[\\do]*|\\d[\\do]*(?:[\\s.,][\\do]{3})*\\s?(?:\\$|(?:${spelledAsMatched(['k', 'к', 'ming', 'минг', 'тыс', 'mln', 'млн', 'som', 'сум', 'usd', 'у.е'])})(?![\\p{L}])|(?:${spelledAsMatched(['dollar', 'доллар', 'тысяч'])})\\p{L}*))`,
  'gu',
);

/** An Uzbek converb ('ko'rib': having seen) or a 'then' between the word putting something first and the payment. */
const DONE_FIRST = new RegExp(`\\p{L}[${normalizeWording('bб')}](?![\\p{L}])|(?:^|[^\\p{L}])(?:${['keyin', 'кейин', 'потом', 'затем', 'then', 'later'].map(normalizeWording).join('|')})(?![\\p{L}])`, 'u');

/** A request as two words in one sentence: one that asks, one that names what is asked for. */
interface Request {
  /** The words that ask, and whether they are verbs (whose mood and person tell a request from a warning or a story). */
  asking: readonly string[];
  verbs: boolean;
  /** What is asked for: words, or a pattern (SHARE). */
  asked: ReadonlyArray<string | RegExp>;
  /** How many words may stand between the two, besides what is `uncounted`. */
  reach: number;
  uncounted: RegExp;
  /** The asking word comes first: 'после оплаты' puts the payment first, 'оплата после осмотра' does not. */
  ordered?: boolean;
  /** No comma between: "Bron qilib qo'yaman, 50 ming chegirma" offers a discount, it asks no deposit. */
  clause?: boolean;
  /** The two may stand in sentences one after the other, as a chat asks: 'Kod keldimi? Menga aytib yuboring'. */
  nextSentence?: boolean;
  /** The asking word's sentence holds no other words but these ('SMS keldimi? Menga ayting'; not '… Напишите адрес'). */
  aloneWith?: readonly string[];
  /** Only in a sentence that also names one of these: 'после оплаты' asks for nothing until the phone is to be sent. */
  sentenceNames?: readonly string[];
  /** Never in a sentence that names one of these: 'Dostavkani qabul qilganda to'lang' pays on receipt. */
  unlessSentenceNames?: readonly string[];
  /** Nothing done first between: "Oldin telefonni ko'rib to'laysiz" sees the phone first, 'Сначала смотрите потом оплачиваете' too. */
  nothingBetween?: RegExp;
}

/**
 * Requests to move money, in any word order (unless `ordered`): a word of each side in one sentence,
 * at most `reach` words apart besides what is `uncounted` ('На карту мне скиньте', "Click'ga 300 ming
 * tashlang", 'yarmini yuboring'), and payment put before the phone is sent.
 */
const MONEY_REQUESTS: readonly Request[] = [
  // 'На карту мне скиньте', "Click'ga 300 ming tashlang"
  { asking: TRANSFER_VERBS, verbs: true, asked: [...MONEY_DESTINATIONS, 'pul*', 'пул*'], reach: 3, uncounted: AMOUNTS, unlessSentenceNames: ON_RECEIPT },
  // 'Yarmini yuboring', 'Пришлите 20%'
  { asking: SEND_REQUESTS, verbs: true, asked: [...MONEY_WORDS, SHARE, MONEY_AMOUNT], reach: 3, uncounted: AMOUNTS },
  // 'Pul oldin', 'Сначала оплата'
  { asking: BEFORE_THE_PHONE, verbs: false, asked: MONEY_WORDS, reach: 0, uncounted: SHARES },
  // "Oldin karta orqali to'laysiz", 'First you pay'
  { asking: BEFORE_THE_PHONE, verbs: false, asked: YOU_PAY, reach: 2, uncounted: AMOUNTS, ordered: true, clause: true, nothingBetween: DONE_FIRST },
  // 'оплачиваете заранее', '100% oldindan', 'Оплата производится заранее'
  { asking: IN_ADVANCE, verbs: false, asked: [...PAYMENTS, SHARE, MONEY_AMOUNT], reach: 2, uncounted: SHARES, clause: true },
  // 'Pul avval', 'Money goes first'
  { asking: MONEY_WORDS, verbs: false, asked: BEFORE_THE_PHONE, reach: 2, uncounted: SHARES, ordered: true, clause: true, nothingBetween: /\d/ },
  // 'Bron uchun 100 ming kerak', 'Reserve it with a small payment'
  { asking: HOLDING, verbs: false, asked: [...MONEY_WORDS, SHARE, MONEY_AMOUNT], reach: 4, uncounted: AMOUNTS, clause: true },
  // 'Без предоплаты не отправляю', "To'lovsiz yubormayman", 'No shipping without prepayment'
  { asking: WITHOUT_PAYING, verbs: false, asked: REFUSED_SENDING, reach: 3, uncounted: AMOUNTS, clause: true },
  // 'Кто первый переведет, того и телефон', 'Whoever pays first gets it'
  { asking: FIRST_COME, verbs: false, asked: PAYS, reach: 2, uncounted: AMOUNTS, ordered: true, clause: true },
  // "Pulini yuborgan odamga beraman"
  { asking: MONEY, verbs: false, asked: TO_THE_PAYER, reach: 2, uncounted: AMOUNTS, ordered: true, clause: true },
  // 'Отправлю после 100% оплаты'
  { asking: AFTER, verbs: false, asked: [...PAYMENTS, ...MONEY_WORDS], reach: 1, uncounted: SHARES, ordered: true, sentenceNames: SENDING },
  // "Pul tushgandan keyin jo'nataman"
  { asking: PAID_FIRST, verbs: false, asked: SENDING, reach: 6, uncounted: AMOUNTS },
  // 'Pul kelsa telefon sizniki', 'Деньги поступят, телефон ваш'
  { asking: MONEY_LANDED, verbs: false, asked: HANDED_OVER, reach: 6, uncounted: AMOUNTS },
  // 'Оплата через Click до отправки'
  { asking: BEFORE_SENDING, verbs: false, asked: [...PAYMENTS, ...TO_THE_CARD, MONEY_AMOUNT], reach: 2, uncounted: AMOUNTS, clause: true },
  // "Bojxona uchun 300 ming to'laysiz", 'Растаможку оплачиваете вы': a phone 'from abroad' with its duty paid first; not a duty paid for UZIMEI
  { asking: RELEASE_FEES, verbs: false, asked: [...PAYMENTS, ...YOU_PAY, ...PAY_REQUESTS, NEEDED], reach: 4, uncounted: AMOUNTS, clause: true, unlessSentenceNames: [...DUTY_PAID, ...ON_RECEIPT] },
  // "Yo'l puli 50 ming kartaga", 'Деньги на мою карту', '50 тысяч на карту'
  { asking: ONTO_THE_CARD, verbs: false, asked: [...MONEY, MONEY_AMOUNT], reach: 3, uncounted: AMOUNTS, clause: true, unlessSentenceNames: [...ON_RECEIPT, ...MOVED] },
  // "To'lov, keyin jo'nataman", "Pul tashlanadi, keyin jo'natiladi"
  { asking: [...PAYMENTS, ...MONEY], verbs: false, asked: THEN_SENDING, reach: 3, uncounted: AMOUNTS, ordered: true, unlessSentenceNames: ON_RECEIPT },
  // 'Доставка по всему Узбекистану, оплата на карту'
  { asking: [...PAYMENTS, ...MONEY], verbs: false, asked: TO_THE_CARD, reach: 1, uncounted: AMOUNTS, sentenceNames: SENDING, unlessSentenceNames: ON_RECEIPT },
  // "Telefonni avtobus bilan jo'nataman, pulini Click qilasiz"
  { asking: PAYMENT_APPS, verbs: false, asked: APP_DOING, reach: 1, uncounted: AMOUNTS, ordered: true, sentenceNames: SENDING, unlessSentenceNames: ON_RECEIPT },
  // "Payme orqali to'lov, pochta bilan jo'nataman", 'Оплата через Click, отправлю почтой'
  { asking: PAYMENT_APPS, verbs: false, asked: [...PAYMENTS, ...MONEY, ...YOU_PAY], reach: 2, uncounted: AMOUNTS, sentenceNames: SHIPPING, unlessSentenceNames: ON_RECEIPT },
  // 'Оплата на Qiwi или ЮMoney', 'Pay in USDT to my wallet'
  { asking: [...PAYMENTS, ...MONEY, ...PAY_REQUESTS, ...IF_YOU_PAY, ...YOU_PAY], verbs: false, asked: WALLETS, reach: 3, uncounted: AMOUNTS, unlessSentenceNames: ON_RECEIPT },
  // "QR kodni skanerlang va to'lang", 'Отсканируйте QR-код для оплаты': the code may open any page
  { asking: ['qr*', 'кьюар*'], verbs: false, asked: [...PAYMENTS, ...PAY_REQUESTS, ...YOU_PAY, ...IF_YOU_PAY], reach: 4, uncounted: AMOUNTS, unlessSentenceNames: ON_RECEIPT },
  // 'Пополните мой номер на 50 тыс', "Raqamimni 50 mingga to'ldiring"
  { asking: TOP_UP, verbs: true, asked: [...MONEY_WORDS, MONEY_AMOUNT, 'номер*', 'баланс*', 'balans*', 'raqam*', 'ракам*', 'number', 'balance'], reach: 3, uncounted: AMOUNTS },
  // "Paynet qilib qo'ying"
  { asking: DOING_REQUESTS, verbs: true, asked: PHONE_BALANCE, reach: 1, uncounted: AMOUNTS },
  // "Kuryer xizmati uchun 50 ming to'lab qo'ying", 'Оплатите 50%', 'Please pay a small booking fee to reserve'; a commission for money to come
  { asking: PAY_REQUESTS, verbs: true, asked: [...SENDING, ...HOLDING, SHARE], reach: 3, uncounted: AMOUNTS, unlessSentenceNames: ON_RECEIPT },
  { asking: PAY_REQUESTS, verbs: true, asked: COMMISSIONS, reach: 3, uncounted: AMOUNTS, sentenceNames: MONEY_COMING },
  // "Ko'p o'tkazib yubordim, farqini qaytaring", 'Верните разницу': the overpayment that never was
  { asking: RETURN_REQUESTS, verbs: true, asked: OVERPAID, reach: 3, uncounted: AMOUNTS },
  // "Payme orqali to'lasangiz ertaga jo'nataman"
  { asking: IF_YOU_PAY, verbs: true, asked: SENDING, reach: 2, uncounted: AMOUNTS, clause: true, unlessSentenceNames: ON_RECEIPT },
  // 'Если переведете, забронирую за вами', 'Once you pay, I ship'
  { asking: IF_YOU_PAY_CLAUSE, verbs: false, asked: [...I_SEND, ...SENDING, ...HOLDING], reach: 4, uncounted: AMOUNTS, ordered: true, unlessSentenceNames: ON_RECEIPT },
  // 'Переведите и отправлю', "Tashlang, jo'nataman"
  { asking: TRANSFER_REQUESTS, verbs: true, asked: I_SEND, reach: 3, uncounted: AMOUNTS, ordered: true, unlessSentenceNames: [...ON_RECEIPT, ...SENT_BESIDES_MONEY] },
  // 'Kartaga 500 ming, qolganini kelganda', 'Половину на карту, остальное при получении': only the rest on receipt
  { asking: THE_REST, verbs: false, asked: ON_RECEIPT, reach: 2, uncounted: AMOUNTS, ordered: true, clause: true, sentenceNames: [...MONEY_DESTINATIONS, ...HALVES], unlessSentenceNames: TALKED_OVER },
  // "To'lov qilasiz, jo'nataman", 'Оплачиваете, я отправляю'
  { asking: YOU_PAY, verbs: false, asked: I_SEND, reach: 3, uncounted: AMOUNTS, ordered: true, unlessSentenceNames: ON_RECEIPT, nothingBetween: DONE_FIRST },
  // "To'lovni Click orqali qilasiz, men pochtaga topshiraman"
  { asking: YOU_DO, verbs: false, asked: I_SEND, reach: 3, uncounted: AMOUNTS, ordered: true, sentenceNames: PAYMENTS, unlessSentenceNames: ON_RECEIPT, nothingBetween: DONE_FIRST },
  // 'Pay me first', 'Оплатите сначала', 'Pay me on Payme first'
  { asking: PAY_REQUESTS, verbs: true, asked: BEFORE_THE_PHONE, reach: 3, uncounted: AMOUNTS, ordered: true, clause: true, nothingBetween: DONE_FIRST },
  // 'Оплатите сейчас и получите скидку', "Hozir to'lasangiz chegirma beraman", 'If you transfer now': paid now, before the phone
  { asking: [...PAY_REQUESTS, ...IF_YOU_PAY, ...IF_YOU_PAY_CLAUSE], verbs: false, asked: NOW, reach: 1, uncounted: AMOUNTS, clause: true, unlessSentenceNames: ON_RECEIPT },
  // 'Yarmini hozir, yarmini olganda', 'Половину сейчас'
  { asking: HALF, verbs: false, asked: NOW, reach: 1, uncounted: AMOUNTS, ordered: true, clause: true },
  // 'Ссылка на оплату в личке', "Havola yuboraman, o'sha yerda to'lov qilasiz", 'Оформите безопасную сделку по ссылке'
  { asking: LINKS, verbs: false, asked: LINK_PURPOSES, reach: 4, uncounted: AMOUNTS, unlessSentenceNames: ON_RECEIPT },
  // 'Bron uchun kerak', 'Для брони нужно'
  { asking: TO_HOLD, verbs: false, asked: [NEEDED], reach: 2, uncounted: AMOUNTS, ordered: true, clause: true },
  // 'Чтобы забронировать, скиньте 100'
  { asking: [...SEND_REQUESTS, ...TRANSFER_VERBS], verbs: true, asked: [BARE_AMOUNT], reach: 1, uncounted: AMOUNTS, ordered: true },
  // 'Karta 8600 12** qolganini lichkada'
  { asking: [...CARDS, ...PAYMENT_APPS], verbs: false, asked: [CARD_BEGUN], reach: 2, uncounted: AMOUNTS, ordered: true },
  // 'Оплата 50 на 50'
  { asking: PAYMENTS, verbs: false, asked: [HALF_AND_HALF], reach: 1, uncounted: SHARES },
];

/**
 * What no one needs to pay a seller, and a thief needs to empty their card: a code the bank sent by SMS,
 * the card's expiry date, its CVV (the digits on the back), its PIN. Not a phone's passcode, nor its IMEI code, nor a
 * warranty's term or a SIM tray's pin.
 */
const SECRETS = [
  'sms kod*', 'sms-kod*', 'smsdagi kod*', 'kod sms*', 'tasdiqlash kod*', 'kod keld*', 'kod kelad*', 'bir martalik kod*',
  'смс код*', 'смс-код*', 'смсдаги код*', 'тасдиклаш код*', 'код келд*', 'код келад*',
  'код из смс', 'код из sms', 'код с смс', 'код в смс', 'код подтверждени*', 'одноразов* код*', 'пришедший код', 'код который пришел', 'код пришел',
  // A password the bank sent, as its code is called too.
  'sms parol*', 'smsdagi parol*', 'tasdiqlash parol*', 'bir martalik parol*', 'смс парол*', 'смсдаги парол*', 'тасдиклаш парол*', 'бир марталик парол*',
  'пароль из смс', 'пароль в смс', 'пароль из sms', 'одноразов* парол*', 'пароль подтверждени*', 'one-time password', 'sms password', 'password from the sms',
  'sms code*', 'code from sms', 'code in the sms', 'verification code', 'confirmation code', 'one-time code', 'otp', 'code you got', 'code you received', 'code that came',
  'cvv*', 'cvc*', 'cvv2', 'pin kod*', 'pin-kod*', 'пин код*', 'пин-код*', 'pin code',
  'amal qilish muddat*', 'karta muddat*', 'kartaning muddat*', 'kartangiz muddat*', 'орқасидаги*', 'orqasidagi*', 'амал килиш муддат*', 'карта муддат*',
  'orqa tarafidagi raqam*', 'orqa tomonidagi raqam*', 'орқа тарафидаги рақам*', 'орқа томонидаги рақам*',
  'срок действия карты', 'срок карты', 'цифры на обороте', 'на обороте карты', 'сзади карты', 'три цифры',
  'код с обратной стороны', 'код на обратной стороне', 'цифры с обратной стороны', 'цифры на обратной стороне',
  'card expiry', 'card expiration', 'cards expiry', 'expiry date of the card', 'valid thru', 'back of the card', 'digits on the back',
  // All of it at once: the card's details typed into a page, a photo of the card.
  'karta malumot*', 'kartangiz malumot*', 'kartaning malumot*', 'карта маълумот*', 'картангиз маълумот*', 'картанинг маълумот*',
  'данные карты', 'данные вашей карты', 'данные своей карты', 'card details', 'card data',
  'karta rasm*', 'kartangiz rasm*', 'kartaning rasm*', 'карта расм*', 'картангиз расм*', 'фото карты', 'фото вашей карты', 'фотографию карты',
  'photo of your card', 'photo of the card', 'card photo*',
  // The code as the digits that came, or the bank's SMS itself, shown or forwarded.
  'sms raqam*', 'smsdagi raqam*', 'смс ракам*', 'смсдаги ракам*',
  'цифры из смс', 'цифры из sms', 'цифры из сообщени*', 'цифры в смс', 'цифры в сообщени*', 'пришедшие цифры',
  'numbers from the sms', 'numbers in the sms', 'digits from the sms', 'digits in the sms', 'numbers from the text', 'digits from the text',
  'smsni', 'sms ni', 'смсни', 'смс ни', 'смску', 'смс с кодом', 'sms skrinshot*', 'skrinshot sms*', 'скрин смс', 'скриншот смс', 'sms screenshot', 'screenshot of the sms',
  'bankdan kelgan*', 'банкдан келган*', 'смс от банка', 'сообщение от банка', 'sms from the bank', 'message from the bank',
  // A payment app's password or code: the account itself.
  'click parol*', 'payme parol*', 'click kod*', 'payme kod*', 'клик пароль', 'пароль от click', 'пароль от payme', 'пароль от клик', 'код от click', 'код от payme',
];
/** The SMS said to have come ('Sizga SMS keldi', 'Тебе пришла смс', 'the text you got'): told or forwarded in its sentence, it is the code. */
const SMS_CAME = [
  'sms keld*', 'смс келд*', 'смс пришл*', 'пришла смс', 'пришло смс', 'пришло в смс', 'пришли в смс',
  'text you got', 'sms you got', 'message you got', 'sent you a code', 'sent you the code', 'sms came', 'sms come',
];
/** Who a bare request is for and how it is pressed ('menga', 'мне, пожалуйста', 'tezroq', 'please'): said alone after the SMS came, it asks for the code. */
const TO_ME = [
  'menga', 'bizga', 'iltimos', 'tezroq', 'tez', 'hozir', 'shuni', 'oshani', 'uni', 'менга', 'бизга', 'илтимос', 'тезрок', 'тез', 'хозир', 'шуни', 'ушани', 'уни',
  'мне', 'нам', 'пожалуйста', 'быстрее', 'срочно', 'сейчас', 'его', 'ее', 'me', 'us', 'please', 'quickly', 'now', 'it',
];
/** The code or digits that came ('kelgan kod', 'kelgan 4 ta raqam', 'sizga kelgan 6 xonali kodni'), counted or not. */
const CODE_THAT_CAME = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${spelledAsMatched(['kelgan', 'келган'])})\\s+(?:[\\do]+\\s*(?:${spelledAsMatched(['ta', 'та', 'xonali', 'хонали'])})\\s+)?(?:${spelledAsMatched(['raqam', 'son', 'kod', 'ракам', 'сон', 'код'])})\\p{L}*`,
  'gu',
);
/** A code's or digits' coming ('пришёл', 'keldi', 'boradi', 'you got'): the code asked about in its sentence is the bank's. */
const CAME = ['пришел', 'пришла', 'пришло', 'пришли', 'приходит', 'придет', 'пришедш*', 'keldi*', 'kelgan*', 'keladi', 'boradi', 'bordi', 'келди*', 'келган*', 'келади', 'боради', 'борди', 'came', 'got', 'get', 'received'];
/** A code asked for in a sentence with an SMS or a coming: 'Sizga SMS boradi, kodni menga yuboring'. */
const CODE_CAME = [...CAME, 'смс*', 'sms*'];
/** Asking which one ('какой', 'qaysi', 'what'): 'Какой код пришёл?', 'What numbers came?' ask for it. */
const WHICH = ['какой', 'какие', 'qanaqa', 'qanday', 'qaysi', 'what', 'whats', 'which'];
/** Digits, as the code's are asked for by a question ('Какие цифры пришли?'). */
const DIGIT_WORDS = ['цифр*', 'raqam*', 'ракам*', 'numbers', 'digits'];
/** The buyer's own card ('kartangizni', 'вашу карту', 'your card'): a photo of it is its number, its expiry and its CVV at once. */
const YOUR_CARD = [
  'kartangiz*', 'картангиз*', 'вашу карту', 'вашей карты', 'свою карту', 'своей карты', 'your card', 'your bank card',
  // Or the card's two sides: 'Kartaning old va orqa tomonini', 'карту с двух сторон'.
  'kartaning old*', 'kartaning orqa*', 'kartaning ikki*', 'картанинг олд*', 'картанинг орка*', 'картанинг икки*', 'карту с двух сторон', 'карты с двух сторон',
  'both sides of the card', 'card front and back',
];
/** Asking to be told or sent something ('ayting', 'скажите', 'tell me'), or saying it is needed ('kerak', 'нужен'). */
const TELL_REQUESTS = [
  'ayting*', 'aytib yubor*', 'aytib ber*', 'aytsangiz*', 'aytasiz*', 'ayta olasiz*', 'yuboring*', 'yuborsangiz*', 'yuborasiz*', 'yubora olasiz*', 'yozing*',
  'yozib yubor*', 'yozsangiz*', 'bering*', 'tashlang*', 'kiriting*', 'kiritsangiz*', 'korsating*', 'korsatsangiz*', 'kerak',
  'айтинг*', 'айтиб юбор*', 'айтиб бер*', 'айтсангиз*', 'айтасиз*', 'айта оласиз*', 'юборинг*', 'юборсангиз*', 'юборасиз*', 'юбора оласиз*', 'ёзинг*',
  'ёзиб юбор*', 'ёзсангиз*', 'беринг*', 'ташланг*', 'киритинг*', 'киритсангиз*', 'курсатинг*', 'курсатсангиз*', 'керак',
  'скажите', 'скажи', 'скажете', 'сообщите', 'сообщи', 'назовите', 'назови', 'продиктуйте', 'продиктуй', 'пришлите', 'пришли', 'отправьте', 'отправь',
  'перешлите', 'перешли', 'напишите', 'напиши', 'скиньте', 'скинь', 'дайте', 'дай', 'введите', 'введи', 'укажите', 'укажи', 'нужен', 'нужна', 'нужно', 'надо',
  'покажите', 'покажи', 'tell', 'send', 'forward', 'give', 'share', 'write', 'type', 'enter', 'fill in', 'dictate', 'read', 'need', 'needed', 'show',
];
/** Telling or sending a code ('Продиктуйте код', 'kodni ayting', 'Kodni yubora olasizmi?'): asked of a seller, it is the bank's SMS code. */
const SAY_REQUESTS = [
  'ayting*', 'aytib yubor*', 'aytib ber*', 'aytasiz*', 'ayta olasiz*', 'yuboring*', 'yuborasiz*', 'yubora olasiz*',
  'айтинг*', 'айтиб юбор*', 'айтиб бер*', 'айтасиз*', 'айта оласиз*', 'юборинг*', 'юборасиз*', 'юбора оласиз*',
  'скажите', 'скажи', 'скажете', 'сообщите', 'назовите', 'назовете', 'продиктуйте', 'продиктуй', 'продиктуете', 'подтвердите', 'скиньте', 'скинь', 'пришлите',
  'перешлите', 'перешли', 'dictate', 'read me', 'read it', 'tell me', 'confirm', 'send me', 'forward',
];
const CODE = ['kod', 'kodni', 'kodi', 'kodini', 'код', 'кодни', 'коди', 'кода', 'code'];
/** A password: asked in a sentence with an SMS ("Parolni ayting, SMSda keldi"), it is the bank's code by another name. */
const PASSWORDS = ['parol*', 'парол*', 'password*', 'passcode*'];
/** A phone's screen or account, whose password is shown at the meeting. */
const SHOWN_ACCOUNTS = ['ekran*', 'экран*', 'screen*', 'icloud*', 'apple id'];
/** Codes that are no secret: a phone's IMEI or model code, a passcode or account shown at the meeting. */
const OTHER_CODES = ['trek*', 'трек*', 'track*', 'imei*', 'имей*', 'имеи*', 'model*', 'модел*', 'puk*', 'пук*', 'promo*', 'промо*', 'region*', 'регион*', ...PASSWORDS, ...SHOWN_ACCOUNTS];
/** The card's number, named: listed with its term or CVV ('Kartangiz raqami va CVC2?', 'Номер карты, срок и CVV'), they are what is asked. */
const CARD_NUMBERS = ['karta raqam*', 'kartangiz raqam*', 'карта ракам*', 'картангиз ракам*', 'номер карты', 'номер вашей карты', 'card number', 'your card number'];
/** A term, as the card's expiry is asked by it in a sentence naming the card ("karta raqami va muddatini kiriting"). */
const TERMS = ['muddat*', 'муддат*', 'срок', 'срока', 'сроком', 'expiry*', 'expiration*', 'expires', 'valid until', 'amal qilish*', 'амал килиш*', 'действительна до'];
/** A term that is not the card's: a warranty's, a delivery's, a SIM or memory card's. */
const OTHER_TERMS = ['kafolat*', 'кафолат*', 'garantiya*', 'гарант*', 'warranty*', 'guarantee*', 'dostavka*', 'доставк*', 'delivery*', 'yetkaz*', 'етказ*', 'sim*', 'сим*', 'xotira*', 'памят*', 'memory*'];
/** Asking to verify or link a card ('kartangizni tasdiqlang', 'подтвердите вашу карту', 'verify your card'): to receive money, it is a page that takes it. */
const VERIFY_REQUESTS = ['tasdiqlang', 'tasdiqlab bering', 'tasdiqlasangiz*', 'тасдикланг', 'тасдиклаб беринг', 'тасдикласангиз*', 'подтвердите', 'подтверди', 'привяжите', 'верифицируйте', 'verify', 'confirm'];
/** Money received through a link ('Получите оплату по ссылке', "Havolaga kirib pulni oling"): the page asks for the card's details. */
const RECEIVING = ['получите', 'получить', 'получения', 'получение', 'oling', 'olish*', 'olasiz', 'олинг', 'олиш*', 'оласиз', 'receive*', 'claim*'];
/** Asking for a code or the card's details (SECRETS): 'SMS kodni ayting', 'Sizga kod keldi, menga yuboring', 'Send me the CVV'. */
const SECRET_REQUESTS: readonly Request[] = [
  { asking: LINKS, verbs: false, asked: RECEIVING, reach: 4, uncounted: AMOUNTS, sentenceNames: LINK_PURPOSES },
  { asking: TELL_REQUESTS, verbs: true, asked: [...SECRETS, CODE_THAT_CAME], reach: 4, uncounted: AMOUNTS, nextSentence: true },
  { asking: TELL_REQUESTS, verbs: true, asked: SMS_CAME, reach: 4, uncounted: AMOUNTS },
  { asking: TELL_REQUESTS, verbs: true, asked: SMS_CAME, reach: 4, uncounted: AMOUNTS, nextSentence: true, aloneWith: TO_ME },
  { asking: TELL_REQUESTS, verbs: true, asked: CODE, reach: 3, uncounted: AMOUNTS, sentenceNames: CODE_CAME, unlessSentenceNames: OTHER_CODES },
  { asking: TELL_REQUESTS, verbs: true, asked: PASSWORDS, reach: 3, uncounted: AMOUNTS, sentenceNames: ['sms*', 'смс*'], unlessSentenceNames: SHOWN_ACCOUNTS },
  { asking: VERIFY_REQUESTS, verbs: true, asked: YOUR_CARD, reach: 2, uncounted: AMOUNTS, sentenceNames: RECEIVING, unlessSentenceNames: ON_RECEIPT },
  { asking: WHICH, verbs: false, asked: [...CODE, ...DIGIT_WORDS], reach: 1, uncounted: AMOUNTS, ordered: true, sentenceNames: CAME, unlessSentenceNames: OTHER_CODES },
  { asking: TELL_REQUESTS, verbs: true, asked: PHOTOS, reach: 3, uncounted: AMOUNTS, sentenceNames: YOUR_CARD },
  { asking: TELL_REQUESTS, verbs: true, asked: TERMS, reach: 5, uncounted: AMOUNTS, sentenceNames: CARDS, unlessSentenceNames: OTHER_TERMS },
  { asking: CARD_NUMBERS, verbs: false, asked: [...TERMS, 'cvv*', 'cvc*'], reach: 3, uncounted: AMOUNTS, unlessSentenceNames: OTHER_TERMS },
  { asking: SAY_REQUESTS, verbs: true, asked: CODE, reach: 2, uncounted: AMOUNTS, unlessSentenceNames: OTHER_CODES },
];

/** Where `text` asks for an SMS code or the card's details, which no one needs to pay: the bank card thief's question. */
export function secretRequestSpans(text: string): TextSpan[] {
  return requestSpans(text, SECRET_REQUESTS);
}

/**
 * A payment told as made ("pulni o'tkazdim", 'оплатил', 'I paid'): to a seller, with the phone asked for or a receipt
 * shown, it is the fake receipt of a payment that never came.
 */
const PAID_CLAIMS = [
  'otkazdim', 'otkazib qoydim', 'otkazib yubordim', 'toladim', 'tolab qoydim', 'tolov qildim', 'pul tashladim', 'pulni tashladim', 'pulini tashladim',
  'утказдим', 'утказиб куйдим', 'утказиб юбордим', 'туладим', 'тулаб куйдим', 'тулов килдим', 'пул ташладим', 'пулни ташладим', 'пулини ташладим',
  'перевел', 'перевела', 'оплатил', 'оплатила', 'оплата прошла', 'деньги отправил*', 'деньги ушли', 'скинул деньги', 'скинула деньги', 'закинул деньги',
  'i paid', 'ive paid', 'i have paid', 'i transferred', 'i sent the money', 'payment sent', 'money sent', 'payment is done', 'payment done',
];
/** The phone asked to be sent ("jo'nating", 'отправляйте', 'ship it'). */
const SHIP_IT = [
  'jonating*', 'jonatib yuboring', 'yuboring*', 'topshiring', 'pochtaga topshir*', 'жўнатинг*', 'жонатинг*', 'юборинг*', 'топширинг', 'почтага топшир*',
  'отправляйте', 'отправьте', 'вышлите', 'высылайте', 'send it', 'ship it', 'send the phone', 'ship the phone',
];
/** A payment's receipt shown ('chek', 'скрин', 'receipt'). */
const RECEIPTS = ['chek*', 'чек*', 'kvitansiya*', 'квитанци*', 'skrin*', 'скрин*', 'screenshot*', 'receipt*'];
const PAYMENT_CLAIMS: readonly Request[] = [
  { asking: PAID_CLAIMS, verbs: false, asked: [...SHIP_IT, ...RECEIPTS], reach: 6, uncounted: AMOUNTS, nextSentence: true },
];

/** Paying after ('pulni keyin', 'переведу после', 'pay later'), or a driver or a courier to pay: the phone is to go first. */
const PAY_LATER = [
  'pulni keyin*', 'pulini keyin*', 'keyin otkazaman', 'keyin tolayman', 'keyin tashlayman', 'пулни кейин*', 'пулини кейин*', 'кейин утказаман', 'кейин тулайман', 'кейин ташлайман',
  'переведу после*', 'переведу потом', 'потом переведу', 'оплачу после*', 'оплачу потом', 'потом оплачу', 'деньги после*', 'деньги потом', 'скину потом',
  'pay after*', 'pay later', 'pay you later', 'pay you after*',
  'pulini haydovchi*', 'pulini kuryer*', 'pulni haydovchi*', 'pulni kuryer*', 'haydovchi pul*', 'kuryer pul*', 'деньги передаст*', 'деньги отдаст*', 'водитель передаст*', 'курьер передаст*', 'курьер отдаст*',
  'driver will pay', 'courier will pay', 'driver pays', 'courier pays',
];
/** The phone asked to go first: sent, or handed to a taxi, a driver or a courier ('taksiga bering', 'отдайте курьеру'). */
const HAND_OVER_REQUESTS = [
  ...SHIP_IT, 'taksiga', 'kuryerga', 'haydovchiga', 'таксига', 'курьерга', 'хайдовчига', 'таксисту', 'курьеру', 'водителю', 'передайте', 'отдайте',
  'to the driver', 'to the courier', 'to my driver', 'to my courier', 'hand it', 'give it',
];
const PHONE_FIRST_REQUESTS: readonly Request[] = [
  { asking: PAY_LATER, verbs: false, asked: HAND_OVER_REQUESTS, reach: 6, uncounted: AMOUNTS, nextSentence: true },
];

/** Where `text` tells a seller the money was sent and asks for the phone or shows a receipt: to be checked in the bank, not on a picture. */
export function paymentClaimSpans(text: string): TextSpan[] {
  return requestSpans(text, PAYMENT_CLAIMS);
}

/** Where `text` asks the seller to send or hand over the phone with the money to come after: the phone goes, the money never comes. */
export function phoneFirstSpans(text: string): TextSpan[] {
  return requestSpans(text, PHONE_FIRST_REQUESTS);
}

/** What ends a sentence, and a clause: a request's two words stand in one. */
const SENTENCE_END = /[.!?;\n]/;
const CLAUSE_END = /[.!?;\n,]/;

/** Where `text` makes one of the `requests`, not said in the negative nor in the past, nor as the speaker's own doing. */
function requestSpans(text: string, requests: readonly Request[]): TextSpan[] {
  const all = readings(text);
  return mergedSpans(all.flatMap((reading) => requestSpansIn(text, reading, all, requests)));
}

function requestSpansIn(text: string, reading: Reading, all: readonly Reading[], requests: readonly Request[]): TextSpan[] {
  const { normalized } = reading;
  const matches = (words: ReadonlyArray<string | RegExp>) =>
    mayHoldAny(words, normalized) ? words.flatMap((word) => (typeof word === 'string' ? wordMatches(word, normalized) : allMatches(word, normalized))) : [];
  const spans: TextSpan[] = [];
  for (const { asking, verbs, asked, reach, uncounted, ordered, clause, nextSentence, aloneWith, sentenceNames, unlessSentenceNames, nothingBetween } of requests) {
    // Most texts hold no asking word of a row: those are passed before its asked words, often a price's, are searched.
    if (!mayHoldAny(asking, normalized)) continue;
    const objects = matches(asked).filter((object) => !partOfThePhone(normalized, object));
    if (objects.length === 0) continue;
    // The sentence's words are read once a row, when a pair first asks for them.
    let named: RegExpExecArray[] | undefined;
    let unlessNamed: RegExpExecArray[] | undefined;
    const inSentence = (words: RegExpExecArray[], start: number) => words.some((word) => sameSentence(normalized, word.index, start));
    for (const verb of matches(asking)) {
      // Telling the buyer not to (but to the speaker), or telling what was done, asks for nothing.
      const told = NEGATIVE_VERB.test(verb[0]) && !steeredToTheSpeaker(normalized, verb.index, verb.index + verb[0].length);
      if (verbs && (told || PAST_VERB.test(verb[0]) || ownDoing(normalized, verb))) continue;
      for (const object of objects) {
        if (ordered && object.index < verb.index) continue;
        const [first, second] = verb.index < object.index ? [verb, object] : [object, verb];
        const start = first.index;
        const end = second.index + second[0].length;
        if (second.index < first.index + first[0].length) continue;
        const between = normalized.slice(first.index + first[0].length, second.index);
        let ends = 0;
        for (const char of between) if ((clause ? CLAUSE_END : SENTENCE_END).test(char)) ends++;
        if (ends > (nextSentence ? 1 : 0) || nothingBetween?.test(between)) continue;
        // Counted as written: the reading takes a 0 for an O.
        const written = text.slice(reading.ends[first.index + first[0].length - 1], reading.starts[second.index]);
        const counted = written.replace(uncounted, ' ').match(WRITTEN_WORD)?.length ?? 0;
        if (counted > reach || NEGATION_BETWEEN.test(between)) continue;
        if (sentenceNames && !inSentence((named ??= matches(sentenceNames)), start)) continue;
        if (unlessSentenceNames && inSentence((unlessNamed ??= matches(unlessSentenceNames)), start)) continue;
        if (aloneWith && !aloneInSentence(normalized, verb, aloneWith)) continue;
        const span = spanIn(reading, start, end);
        if (!negatedInAny(all, span)) spans.push(span);
      }
    }
  }
  return spans;
}

/** Whether the sentence of `word` holds no other words but `others`. */
function aloneInSentence(normalized: string, word: RegExpExecArray, others: readonly string[]): boolean {
  let from = word.index;
  while (from > 0 && !SENTENCE_END.test(normalized[from - 1])) from--;
  let to = word.index + word[0].length;
  while (to < normalized.length && !SENTENCE_END.test(normalized[to])) to++;
  const rest = `${normalized.slice(from, word.index)} ${normalized.slice(word.index + word[0].length, to)}`;
  return (rest.match(/\p{L}+/gu) ?? []).every((other) => others.some((allowed) => normalizeWording(allowed) === other));
}

/** Whether nothing ends a sentence between two places of the text. */
function sameSentence(normalized: string, one: number, other: number): boolean {
  return !SENTENCE_END.test(normalized.slice(Math.min(one, other), Math.max(one, other)));
}

/** A text as the wording is matched: normalized (normalizeWording), spaced-out words joined, and where each character came from in the text. */
interface Reading {
  normalized: string;
  starts: number[];
  ends: number[];
}

/** The span of the text a part [from, to) of its reading came from. */
function spanIn(reading: Reading, from: number, to: number): TextSpan {
  return { start: reading.starts[from], end: reading.ends[to - 1] };
}

/** Whether the words at `span` are said in the negative in any reading: 'Zalog ne nuzhen' is negated in Russian. */
function negatedInAny(all: readonly Reading[], span: TextSpan): boolean {
  return all.some(({ normalized, starts, ends }) => {
    const from = starts.findIndex((start) => start >= span.start);
    let to = from;
    while (to < ends.length && ends[to] <= span.end) to++;
    return from >= 0 && to > from && negated(normalized, from, to);
  });
}

/** The last text's readings. */
let lastReadings: { text: string; readings: Reading[] } | undefined;

/**
 * The readings of `text` the wording is matched in: as written, and, where it has Latin letters, with
 * its Latin words read as Russian typed on a Latin keyboard ('skinte predoplatu', 'dengi vpered'), as
 * many here write it. Each list of words then needs its Russian in Cyrillic only.
 */
function readings(text: string): Reading[] {
  if (lastReadings?.text !== text) {
    const seen = asSeen(text);
    lastReadings = { text, readings: /[A-Za-z]/.test(seen.seen) ? [reading(seen, false), reading(seen, true)] : [reading(seen, false)] };
  }
  return lastReadings.readings;
}

function reading(text: Seen, latinAsRussian: boolean): Reading {
  // Normalizing drops apostrophes and invisible characters and swaps letters one for one; Russian in Latin reads a letter or two as one.
  const { seen, at, after } = text;
  const starts: number[] = [];
  const ends: number[] = [];
  let normalized = '';
  for (let index = 0; index < seen.length; ) {
    const russian = latinAsRussian ? russianAt(seen, index) : undefined;
    const length = russian?.length ?? 1;
    const kept = markInWord(seen, index) ? '' : normalizedUnit(russian?.letter ?? letterDrawn(seen, index) ?? seen[index]);
    normalized += kept;
    for (let n = 0; n < kept.length; n++) {
      starts.push(at(index));
      ends.push(after(index + length - 1));
    }
    index += length;
  }
  return joinSpacedLetters({ normalized, starts, ends });
}

/** A mark put inside a word to break it for a filter ('пред*оплата', 'oldindan#tolov'): read as nothing. */
function markInWord(text: string, index: number): boolean {
  return /[*#~^]/.test(text[index]) && /\p{L}/u.test(text[index - 1] ?? '') && /\p{L}/u.test(text[index + 1] ?? '');
}

/** Digits drawn for letters ('pr3dopl4ta', 'пр3доплата'): 3 an e, 4 an a, 1 an i. A zero is an o anywhere (normalizeWording). */
const LETTERS_DRAWN: Readonly<Record<string, string>> = { '1': 'i', '3': 'e', '4': 'a' };

/** The letter the digit at `index` is drawn for, where letters stand on both sides of it: 'Pr3dopl4ta', not 'A34' or '4 GB'. */
function letterDrawn(text: string, index: number): string | undefined {
  const letter = LETTERS_DRAWN[text[index]];
  return letter && /\p{L}/u.test(text[index - 1] ?? '') && /\p{L}/u.test(text[index + 1] ?? '') ? letter : undefined;
}

/**
 * Russian's letters as typed in Latin, the longest first: 'shch' one letter (щ), 'sh' one (ш), 'ya' one (я); Uzbek's
 * o' as its ў ("so'ramadi" reads as the Cyrillic сўрамади), so Uzbek in Latin reads as it does in Cyrillic.
 */
const RUSSIAN_IN_LATIN = /shch|sch|sh|ch|zh|kh|ts|ck|yo[ʻʼ'`‘’]|y[aueo]|o[ʻʼ'`‘’]|[a-z]/iy;
const RUSSIAN_LETTERS: Readonly<Record<string, string>> = {
  shch: 'щ', sch: 'щ', sh: 'ш', ch: 'ч', zh: 'ж', kh: 'х', ts: 'ц', ck: 'к', ya: 'я', yu: 'ю', ye: 'е', yo: 'е', "o'": 'ў', "yo'": 'йў',
  a: 'а', b: 'б', c: 'ц', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'ж', k: 'к', l: 'л', m: 'м',
  n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'х', z: 'з',
};

/** The Russian letter the Latin letters at `index` type, and how many they are ('sh' two); none for a character not a Latin letter. */
function russianAt(text: string, index: number): { letter: string; length: number } | undefined {
  RUSSIAN_IN_LATIN.lastIndex = index;
  const letters = RUSSIAN_IN_LATIN.exec(text);
  if (!letters) return undefined;
  const { length } = letters[0];
  return { letter: russianLetter(letters[0], text[index - 1], text[index + length]), length };
}

/**
 * A Russian letter typed in Latin; a 'y' is й after a vowel ('kakoy'), ы after a consonant ('vyshlite'), and 'ye' after
 * one is ые ('dannye'); a 'j' is ж but й ending a word after a vowel ('nikakoj'); a 'c' is ц before e, i, y ('cena'), к
 * elsewhere ('Click').
 */
function russianLetter(typed: string, before: string | undefined, after: string | undefined): string {
  const letters = typed.toLowerCase().replace(/[ʻʼ`‘’]/, "'");
  const afterVowel = before !== undefined && /[aeiouy]/i.test(before);
  if (letters === 'y') return afterVowel ? 'й' : 'ы';
  if (letters === 'ye' && before !== undefined && /[a-z]/i.test(before) && !afterVowel) return 'ые';
  if (letters === 'j' && afterVowel && !/[a-z]/i.test(after ?? '')) return 'й';
  if (letters === 'c' && !/[eiy]/i.test(after ?? '')) return 'к';
  return RUSSIAN_LETTERS[letters];
}

interface NumberWord {
  kind: 'unit' | 'teen' | 'tens' | 'hundreds' | 'hundred';
  value: number;
}

/**
 * Number words in Uzbek (Latin and Cyrillic), Russian and English, each language's in order of
 * value ('ноль/нуль': two spellings of one): units (0-9), teens (10-19), tens (10-90, a unit may
 * follow), a Russian hundreds word (100-900), and the word for a hundred that multiplies the unit
 * before it. Uzbek Latin's ten, "o'n", is read with its apostrophe only (numberWord): without one
 * it is the English 'on'.
 */
const NUMBER_SPELLINGS: ReadonlyArray<{ kind: NumberWord['kind']; first: number; step: number; languages: string[] }> = [
  { kind: 'unit', first: 0, step: 1, languages: ["nol bir ikki uch to'rt besh olti yetti sakkiz to'qqiz", 'нол бир икки уч тўрт беш олти етти саккиз тўққиз', 'ноль/нуль один/одна два/две три четыре пять шесть семь восемь девять', 'zero one two three four five six seven eight nine'] },
  { kind: 'teen', first: 10, step: 1, languages: ['десять одиннадцать двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать', 'ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'] },
  { kind: 'tens', first: 10, step: 10, languages: ["- yigirma o'ttiz qirq ellik oltmish yetmish sakson to'qson", 'ўн йигирма ўттиз қирқ эллик олтмиш етмиш саксон тўқсон', '- двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто', '- twenty thirty forty fifty sixty seventy eighty ninety'] },
  { kind: 'hundreds', first: 100, step: 100, languages: ['сто двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот'] },
  { kind: 'hundred', first: 100, step: 0, languages: ['yuz', 'юз', 'hundred'] },
];

/** NUMBER_SPELLINGS by each spelling as normalizeWording writes it. */
const NUMBER_WORDS: ReadonlyMap<string, NumberWord> = new Map(
  NUMBER_SPELLINGS.flatMap(({ kind, first, step, languages }) =>
    languages.flatMap((words) =>
      words.split(' ').flatMap((spellings, place) => (spellings === '-' ? [] : spellings.split('/').map((spelling) => [normalizeWording(spelling), { kind, value: first + place * step }] as const))),
    ),
  ),
);

/** A word as it may be written, apostrophes or invisible characters within it ("to'rt", 'to‘qqiz'). */
const WORD = /\p{L}+(?:[ʻʼ'`‘’′´\p{Cf}]+\p{L}+)*/gu;
/** What may stand between the words of one number: what stands between a card number's digits, invisible characters besides. */
const NUMBER_GAP = /^[\s.,/_|\p{Cf}-]{1,3}$/u;

/** Each word's meaning as a number (null: none), remembered up to 20,000 words: texts repeat the same words. */
const WORD_MEANINGS = new Map<string, NumberWord | null>();

function numberWord(word: string): NumberWord | undefined {
  let meaning = WORD_MEANINGS.get(word);
  if (meaning === undefined) {
    if (WORD_MEANINGS.size >= 20_000) WORD_MEANINGS.clear();
    let normalized = '';
    for (const unit of word) normalized += normalizedUnit(unit);
    // A Latin word is also read as Russian typed in Latin: 'vosem shest nol nol' dictates a card.
    meaning = /^[oо][ʻʼ'`‘’′´]n$/i.test(word)
      ? { kind: 'tens', value: 10 }
      : (NUMBER_WORDS.get(normalized) ?? (/^[a-z]+$/i.test(word) ? NUMBER_WORDS.get(reading(asSeen(word), true).normalized) : undefined) ?? null);
    WORD_MEANINGS.set(word, meaning);
  }
  return meaning ?? undefined;
}

/** The last text's numbers in words: its card and phone checks each read them. */
let lastSpelled: { text: string; numbers: Array<{ start: number; end: number; digits: string }> } | undefined;

/**
 * The numbers `text` spells in words, each as its digits and its span: 'sakkiz olti' two numbers
 * (8, 6), 'восемьдесят шесть' one (86), 'eight hundred sixty' one (860), as a card number or a
 * phone number is dictated digit by digit or in pairs and triples.
 */
function spelledNumbers(text: string): Array<{ start: number; end: number; digits: string }> {
  if (lastSpelled?.text === text) return lastSpelled.numbers;
  const words = allMatches(WORD, text).flatMap((match) => {
    const meaning = numberWord(match[0]);
    return meaning ? [{ ...meaning, start: match.index, end: match.index + match[0].length }] : [];
  });
  const joined = (before: { end: number }, after: { start: number }) => NUMBER_GAP.test(text.slice(before.end, after.start));
  // A unit with the word for a hundred after it ('sakkiz yuz') starts a number of its own.
  const multiplier = (at: number) => words[at]?.kind === 'unit' && words[at + 1]?.kind === 'hundred' && joined(words[at], words[at + 1]);
  const numbers: Array<{ start: number; end: number; digits: string }> = [];
  for (let at = 0; at < words.length; ) {
    const first = at;
    // The next word when it goes on with this number: of `kinds`, right after the last one, not a zero (a zero stands alone).
    const next = (...kinds: Array<NumberWord['kind']>) => {
      const word = words[at];
      if (!word || !kinds.includes(word.kind)) return undefined;
      const goesOn = at === first || (joined(words[at - 1], word) && !(word.kind === 'unit' && word.value === 0) && !multiplier(at));
      if (!goesOn) return undefined;
      at++;
      return word;
    };
    let hundreds: number | undefined;
    if (multiplier(at)) {
      hundreds = words[at].value;
      at += 2;
    } else {
      hundreds = next('hundreds', 'hundred')?.value;
      if (hundreds !== undefined) hundreds /= 100;
    }
    const tens = next('teen', 'tens');
    const unit = tens?.kind === 'teen' ? undefined : next('unit');
    const rest = (tens?.value ?? 0) + (unit?.value ?? 0);
    const digits = hundreds !== undefined ? String(hundreds * 100 + rest) : String(rest).padStart(tens ? 2 : 1, '0');
    numbers.push({ start: words[first].start, end: words[at - 1].end, digits });
  }
  lastSpelled = { text, numbers };
  return numbers;
}

/** Four or more letters standing alone, one mark after each ('п р е д о п л а т а', 'a.v.a.n.s'): a word spaced out to dodge a filter. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[\s._*-]\p{L}(?![\p{L}\p{N}])){3,}/gu;

/** The reading with each spaced-out word written together. */
function joinSpacedLetters(reading: Reading): Reading {
  const { normalized, starts, ends } = reading;
  const joined: Reading = { normalized: '', starts: [], ends: [] };
  const keep = (from: number, to: number) => {
    joined.normalized += normalized.slice(from, to);
    for (let unit = from; unit < to; unit++) {
      joined.starts.push(starts[unit]);
      joined.ends.push(ends[unit]);
    }
  };
  let from = 0;
  for (const match of allMatches(SPACED_LETTERS, normalized)) {
    keep(from, match.index);
    for (const letter of allMatches(LETTER, match[0])) keep(match.index + letter.index, match.index + letter.index + letter[0].length);
    from = match.index + match[0].length;
  }
  if (from === 0) return reading;
  keep(from, normalized.length);
  return joined;
}

/** Each UTF-16 unit normalized, remembered (at most 65,536): texts repeat the same few letters. */
const NORMALIZED_UNITS = new Map<string, string>();

function normalizedUnit(unit: string): string {
  let kept = NORMALIZED_UNITS.get(unit);
  if (kept === undefined) NORMALIZED_UNITS.set(unit, (kept = normalizeWording(unit)));
  return kept;
}

/** Each word's pattern, compiled once, and its first part as it must stand in the text: every message and listing is matched against some 400 words. */
const WORD_PATTERNS = new Map<string, { pattern: RegExp; part: string }>();

/**
 * Where `word` stands in the normalized text as a whole word (or the start of one, for a part ending in '*'). A text
 * without the word's first part is not searched: most texts hold none of the words.
 */
function wordMatches(word: string, normalized: string): RegExpExecArray[] {
  let compiled = WORD_PATTERNS.get(word);
  if (!compiled) {
    const parts = wordParts(word);
    // Parts apart by spaces or dashes, or by a dot or an underscore alone ('oldindan.tolov', 'пред.оплата'); a stem's part any ending.
    const body = parts.map(({ part, stem }) => `${escapeRegExp(part)}${stem ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`).join('(?:[\\s-]+|[._](?!\\s))');
    // A word that normalizes to nothing (an admin's apostrophes) matches nothing, not every word.
    const pattern = parts.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])${body}`, 'gu') : /(?!)/gu;
    WORD_PATTERNS.set(word, (compiled = { pattern, part: parts[0]?.part ?? '' }));
  }
  return normalized.includes(compiled.part) ? allMatches(compiled.pattern, normalized) : [];
}

/** A listed word's parts as normalized, each a stem where it ends in '*' ('одноразов* код*': any ending of both). */
function wordParts(word: string): Array<{ part: string; stem: boolean }> {
  return normalizeWording(word)
    .split(/\s+/)
    .filter((part) => part.replace('*', '') !== '')
    .map((part) => ({ part: part.replace(/\*$/, ''), stem: part.endsWith('*') }));
}

/** Each list of words' first parts as one pattern: a text holding none of them is not searched word by word. */
const LIST_PARTS = new WeakMap<ReadonlyArray<string | RegExp>, RegExp | undefined>();

/** Whether the normalized text may hold one of `words` (a list with a pattern in it always may). */
function mayHoldAny(words: ReadonlyArray<string | RegExp>, normalized: string): boolean {
  if (!LIST_PARTS.has(words)) {
    const parts = words.map((word) => (typeof word === 'string' ? wordParts(word)[0]?.part : undefined));
    LIST_PARTS.set(words, parts.every((part) => part !== undefined) ? new RegExp(parts.map(escapeRegExp).join('|'), 'u') : undefined);
  }
  return LIST_PARTS.get(words)?.test(normalized) ?? true;
}

/** Words as the normalized text spells them, as alternatives of a pattern. */
function spelledAsMatched(words: readonly string[]): string {
  return words.map((word) => escapeRegExp(normalizeWording(word))).join('|');
}
/** A word said not to be asked for, an article between: 'без предоплаты', 'no deposit', 'without a deposit', 'oldindan to'lov shart emas'. */
const NEGATED_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:${spelledAsMatched([
    ...['без', 'не', 'нет', 'никаких', 'никакой', 'никакая', 'никакую', 'никакого', 'никакие', 'ни каких', 'ни какой', 'ни какого'],
    ...['без всякой', 'без всякого', 'без всяких', 'безо всякой', 'безо всякого', 'без какой-либо', 'без каких-либо', 'without any'],
    ...['hech qanday', 'hech qanaqa', 'hech', 'ҳеч қандай', 'ҳеч қанақа', 'ҳеч', 'no', 'not', 'without'],
  ])})\\s+(?:an?\\s+)?$`,
  'u',
);
const NEGATED_AFTER = new RegExp(
  `^[\\p{L}]*\\s+(?:${spelledAsMatched([
    ...['не нужн', 'не нужен', 'не надо', 'не требу', 'не прошу', 'не проси', 'не брал', 'не беру', 'не было'],
    ...['emas', 'эмас', 'shart emas', 'kerak emas', 'yoq', 'bolmadi', 'olmay', 'olmad', 'olmag', 'soramay', 'soramad', 'soramag', 'talab qilmay', 'talab qilmad', 'talab qilmag'],
    ...['шарт эмас', 'керак эмас', 'йўқ', 'бўлмади', 'сурамай', 'сурамад', 'сурамаг', 'олмай', 'олмад', 'олмаг', 'талаб қилмай', 'талаб қилмад', 'талаб қилмаг'],
    ...['not required', 'not needed', 'not asked', 'was not', 'wasnt'],
  ])})`,
  'u',
);

/**
 * An Uzbek verb telling the buyer not to ('tashlamang', "o'tkazmanglar", 'ташламанг', 'tashlamaysiz'):
 * 'Oldindan pul tashlamang' warns, it does not ask. Not the seller's own 'won't' ('-mayman'): "to'lovsiz
 * yubormayman" asks for the payment twice over.
 */
const NEGATIVE_VERB = new RegExp(
  `\\p{L}(?:${spelledAsMatched(['mang', 'manglar', 'mangiz', 'maysiz', 'masin', 'maslik', 'манг', 'манглар', 'мангиз', 'майсиз', 'масин', 'маслик'])})$`,
  'u',
);
/**
 * A verb telling what was done, not asking for it: an Uzbek past in -di ("kartaga o'tkazdim", 'ташладик'; not the
 * Russian imperative 'переведи'), a Russian past in a vowel and -л ('перевел', 'скинула'; not the Uzbek 'ташла',
 * 'throw'). A buyer's account of a deal.
 */
const PAST_VERB = new RegExp(
  `\\p{L}(?<!${normalizeWording('е')})(?:${spelledAsMatched(['di', 'dim', 'dik', 'ding', 'dingiz', 'dilar', 'ди', 'дим', 'дик', 'динг', 'дингиз', 'дилар'])}|[${normalizeWording('аеиоуыэюя')}]л[${normalizeWording('аио')}]?)$`,
  'u',
);
/** An Uzbek first person ('tashlayman', "o'tkazamiz") or a Russian first person singular ('скину', 'переведу'). */
const FIRST_PERSON = new RegExp(`\\p{L}(?:${spelledAsMatched(['man', 'miz', 'ман', 'миз'])})$|^(?=.*\\p{Script=Cyrillic}).*[${normalizeWording('ую')}]$`, 'u');
/** An Uzbek converb ('tashlab', "o'tkazib", 'ташлаб'): the word after it says who does it. */
const CONVERB = new RegExp(`\\p{L}[${normalizeWording('bб')}]$`, 'u');

/** The speaker's own doing, not a request: 'tashlayman', 'tashlab beraman' (thrown in with the phone), 'скину'. */
function ownDoing(normalized: string, verb: RegExpExecArray): boolean {
  if (FIRST_PERSON.test(verb[0])) return true;
  const next = /^\s+(\p{L}+)/u.exec(normalized.slice(verb.index + verb[0].length))?.[1];
  return CONVERB.test(verb[0]) && next !== undefined && FIRST_PERSON.test(next);
}

/** A card that is part of the phone, beside the word that says so: 'sim karta', 'xotira kartasi', 'карта памяти', 'karta sloti'. */
const ACCESSORY_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${spelledAsMatched(['sim', 'xotira', 'flesh', 'sd', 'microsd', 'memory', 'сим', 'хотира', 'флеш'])})[\\s-]+$`, 'u');
const ACCESSORY_AFTER = new RegExp(`^[\\s-]+(?:${spelledAsMatched(['slot', 'памяти', 'слот', 'uyasi', 'уяси'])})`, 'u');

const CARD_WORD = new RegExp(`^(?:${spelledAsMatched(['kart', 'карт', 'card'])})`, 'u');

/** A share beside the word of a battery's health or the phone's wear: 'Batareya 87%', 'АКБ: 90 %', 'holati 95%'. */
const WEAR_BEFORE = new RegExp(
  `(?:${spelledAsMatched(['batare', 'батаре', 'akb', 'акб', 'battery', 'health', 'емкост', 'sigim', 'сиғим', 'zaryad', 'заряд', 'holat', 'холат', 'состояни', 'condition', 'износ'])})\\p{L}*[\\s:—–-]*$`,
  'u',
);

/** Money words that name part of the phone: a memory or SIM card (accessory), a battery's share. */
function partOfThePhone(normalized: string, place: RegExpExecArray): boolean {
  if (/^\d/.test(place[0])) return WEAR_BEFORE.test(normalized.slice(Math.max(0, place.index - 24), place.index));
  if (!CARD_WORD.test(place[0])) return false;
  const end = place.index + place[0].length;
  return ACCESSORY_BEFORE.test(normalized.slice(Math.max(0, place.index - 12), place.index)) || ACCESSORY_AFTER.test(normalized.slice(end, end + 12));
}

/** A negation between a transfer verb and its destination: 'На карту не скидываю'. */
const NEGATION_BETWEEN = new RegExp(`(?:^|[^\\p{L}])(?:${spelledAsMatched(['не', 'нет', 'no', 'not', 'emas', 'эмас', 'hech', 'ҳеч'])})(?![\\p{L}])`, 'u');

function negated(normalized: string, start: number, end: number): boolean {
  const ownLast = /\p{L}+$/u.exec(normalized.slice(start, end))?.[0] ?? '';
  const next = /^[^\p{L}]*(\p{L}+)/u.exec(normalized.slice(end, end + 30))?.[1] ?? '';
  if (NEGATED_BEFORE.test(normalized.slice(Math.max(0, start - 20), start)) || NEGATED_AFTER.test(normalized.slice(end, end + 30))) return true;
  if (warnsOfScammers(normalized, start, end)) return true;
  const warned = NEGATIVE_VERB.test(ownLast) || NEGATIVE_VERB.test(next) || WARNING.test(around(normalized, start, end, CLAUSE_END));
  return warned && !steeredToTheSpeaker(normalized, start, end);
}

/** Others asking for the money, or having paid it: 'Мошенники просят предоплату', "Oldindan pul so'raganlar", 'Anyone asking for a deposit'. */
const OTHERS_ASKING = [
  'просят', 'просит', 'попросят', 'попросит', 'просили', 'просил', 'требуют', 'требует', 'просящ*', 'требующ*', 'берут',
  'soraydi', 'sorashadi', 'sorasa', 'sorashsa', 'soragan*', 'talab qiladi', 'talab qilsa', 'talab qilgan*', 'tashlagan*', 'tolagan*', 'yuborgan*', 'otkazgan*', 'qilgan*',
  'сурайди', 'сурашади', 'сураса', 'сурашса', 'сураган*', 'талаб килади', 'талаб килса', 'талаб килган*', 'ташлаган*', 'тулаган*', 'юборган*', 'утказган*', 'килган*',
  'ask', 'asks', 'asking', 'asked', 'demand', 'demands', 'demanding', 'want', 'wants',
];
/** Scammers, or being cheated, named: 'мошенники', 'firibgarlar', "aldanib qolasiz", 'не верьте', 'beware'. */
const SCAMMERS = [
  'мошенни*', 'аферист*', 'обманщик*', 'кидал*', 'разводил*', 'обманут*', 'scam*', 'fraud*', 'beware', 'dont trust', 'do not trust', 'не верьте',
  'firibgar*', 'aldamchi*', 'aldoqchi*', 'aldan*', 'alday*', 'aldash*', 'ishonmang*', 'фирибгар*', 'алдамчи*', 'алдоқчи*', 'алдан*', 'алдай*', 'алдаш*', 'ишонманг*',
];
/** A scammer's word said in the negative after it, as a scammer says it of themselves: 'firibgar emasman', "aldanmaysiz" ('я не мошенник', "I'm not a scammer": NEGATED_BEFORE). */
const NOT_AFTER = new RegExp(`^\\p{L}*(?:${spelledAsMatched(['may', 'май'])}|[\\s,]+(?:${spelledAsMatched(['emas', 'эмас', 'yoq', 'йук'])}))`, 'u');
/** The words found called a scam right after them: 'Предоплата — это развод', "Oldindan to'lov so'rash — firibgarlik", 'money first is a scam'; not 'bu firibgarlik emas'. */
const CALLED_A_SCAM = new RegExp(
  `^\\s*(?:(?:${spelledAsMatched(['sorash', 'сураш', 'qilish', 'килиш', 'tashlash', 'ташлаш', 'просить', 'требовать', 'переводить', 'asking', 'demanding', 'sending', 'paying'])})\\s*)?(?:[-—–=]+\\s*|(?:${spelledAsMatched(['is', 'are', 'это', 'bu', 'бу'])})\\s+)(?:(?:${spelledAsMatched(['это', 'bu', 'бу'])})\\s+)?(?:(?:${spelledAsMatched(['a', 'an', 'just', 'typical', 'obvious'])})\\s+){0,2}(?:${spelledAsMatched(['scam', 'fraud', 'мошенни', 'развод', 'обман', 'firibgar', 'фирибгар', 'aldov', 'алдов', 'aldash', 'алдаш'])})\\p{L}*(?!\\p{L})(?![\\s,]*(?:${spelledAsMatched(['emas', 'эмас', 'yoq', 'йук', 'не', 'not'])})(?!\\p{L}))`,
  'u',
);
/** The three words before the words found, and the word after them, within their sentence. */
const WORDS_BEFORE = /(?:\p{L}+[^\p{L}.!?;\n]+){0,3}$/u;
const WORD_AFTER = /^[^\p{L}.!?;\n]*\p{L}+/u;

/**
 * A warning against scammers' asking: the words called a scam (CALLED_A_SCAM), or others ask for the money or paid it, in or beside the words, scammers or being
 * cheated are named in the sentence, and the speaker sends or hands over nothing in it ('Мошенники просят предоплату,
 * будьте осторожны', "Oldindan pul tashlagan odamlar aldanmoqda"). 'Из-за мошенников работаю только по предоплате'
 * asks: no one else asks there; "Oldindan pul tashlaganga beraman, firibgarlar ko'p" hands the phone over.
 */
function warnsOfScammers(normalized: string, start: number, end: number): boolean {
  if (CALLED_A_SCAM.test(normalized.slice(end, end + 40))) return true;
  const before = WORDS_BEFORE.exec(normalized.slice(Math.max(0, start - 40), start))?.[0] ?? '';
  const beside = `${before}${normalized.slice(start, end)}${WORD_AFTER.exec(normalized.slice(end, end + 30))?.[0] ?? ''}`;
  if (!OTHERS_ASKING.some((word) => wordMatches(word, beside).length > 0)) return false;
  const sentence = around(normalized, start, end, SENTENCE_END);
  if ([...I_SEND, ...HANDED_OVER].some((word) => wordMatches(word, sentence).length > 0)) return false;
  return SCAMMERS.some((word) =>
    wordMatches(word, sentence).some(
      (scammer) =>
        !NEGATED_BEFORE.test(sentence.slice(Math.max(0, scammer.index - 20), scammer.index)) &&
        !NOT_AFTER.test(sentence.slice(scammer.index + 4, scammer.index + scammer[0].length + 12)),
    ),
  );
}

/**
 * A warning that steers the money to the speaker ('Boshqa kartaga tashlamang, faqat menga', 'Не переводите
 * предоплату никому, кроме меня'): it asks. A warning on its own ('Karta raqamingizni hech kimga aytmang',
 * 'Никому не сообщайте номер карты', "Never share your card number") tells the reader not to, in the words' own
 * clause; in another ('Karta raqamimni beraman, hech kimga aytmang') it warns of nothing the words say.
 */
function steeredToTheSpeaker(normalized: string, start: number, end: number): boolean {
  return STEERED.test(around(normalized, start, end, SENTENCE_END));
}

/** A negative imperative of giving away, sending or paying. */
const WARNING = new RegExp(
  [
    `(?:${spelledAsMatched(['ayt', 'ber', 'yubor', 'jonat', 'tashla', 'otkaz', 'tola', 'korsat', 'tarqat', 'bildir', 'айт', 'бер', 'юбор', 'жонат', 'жунат', 'ташла', 'утказ', 'тула', 'курсат', 'таркат', 'билдир'])})(?:${spelledAsMatched(['mang', 'manglar', 'mangiz', 'манг', 'манглар', 'мангиз'])})`,
    `${spelledAsMatched(['не'])}\\s+(?:${spelledAsMatched(['сообщ', 'говор', 'скаж', 'да', 'называ', 'назов', 'диктуй', 'показыва', 'покаж', 'отправ', 'пересыла', 'передава', 'перевод', 'скидыва', 'кида', 'плат', 'оплачива'])})\\p{L}*(?:${spelledAsMatched(['йте', 'ите', 'ьте', 'й', 'и'])})`,
    `(?:${spelledAsMatched(['never', 'dont', 'do not'])})\\s+(?:${spelledAsMatched(['share', 'give', 'tell', 'send', 'show', 'disclose', 'transfer', 'wire', 'pay'])})`,
  ]
    .map((warning) => `(?:^|[^\\p{L}])${warning}(?![\\p{L}])`)
    .join('|'),
  'u',
);

/** Only the speaker, or another card than the speaker's: 'faqat menga', 'кроме меня', 'only to my card', 'boshqa kartaga'. */
const STEERED = new RegExp(
  `(?:^|[^\\p{L}])(?:(?:${spelledAsMatched(['faqat', 'фақат', 'только', 'кроме', 'only', 'except', 'but'])})\\s+(?:\\p{L}+\\s+)?(?:${spelledAsMatched([
    ...['menga', 'mening', 'meni', 'bizga', 'bizning', 'менга', 'менинг', 'мени', 'бизга', 'бизнинг'],
    ...['мне', 'меня', 'мою', 'моей', 'мой', 'нам', 'нас', 'нашу', 'me', 'my', 'mine', 'us', 'our'],
  ])})|(?:${spelledAsMatched(['boshqa', 'бошқа', 'другую', 'другие', 'другой', 'чужую', 'чужие', 'чужой', 'other', 'another'])})\\s+(?:${spelledAsMatched(['kart', 'карт', 'card', 'account', 'счет', 'счёт', 'hisob', 'ҳисоб'])}))`,
  'u',
);

/** How far around a word its clause or sentence is read, at most. */
const REACH_AROUND = 60;

/** The clause or sentence (up to the `marks` either side, within REACH_AROUND) holding normalized[start, end). */
function around(normalized: string, start: number, end: number, marks: RegExp): string {
  const before = normalized.slice(Math.max(0, start - REACH_AROUND), start);
  const after = normalized.slice(end, end + REACH_AROUND);
  let from = before.length;
  while (from > 0 && !marks.test(before[from - 1])) from--;
  const to = after.search(marks);
  return before.slice(from) + normalized.slice(start, end) + (to < 0 ? after : after.slice(0, to));
}

const LETTER = /\p{L}/gu;

/**
 * Every match of the global `pattern` in `text`, read from its start. Not matchAll: it copies the
 * pattern for each text, which cost ten times the matching itself on a message's hundred patterns.
 */
function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // An empty match steps on by a character, or exec would find it again forever.
    if (match[0].length === 0) pattern.lastIndex = match.index + (text.codePointAt(match.index)! > 0xffff ? 2 : 1);
    else found.push(match);
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
