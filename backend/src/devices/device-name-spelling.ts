/**
 * How people in Uzbekistan type a model's name, turned into the catalogue's own words before the
 * catalogue is searched: Cyrillic ('айфон 13', 'самсунг галакси а54'), Uzbek Latin typed by ear
 * ('ayfon 13', 'galaksi'), and a slip of the finger ('galayx', 'redmi noet'). Only words are
 * corrected, one at a time, against the words of the catalogue's names; what is left over is
 * the catalogue search's own business (substrings, trigram similarity).
 */

/** Russian and Uzbek Cyrillic letters by sound. */
const CYRILLIC_BY_SOUND: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '',
  ы: 'i', ь: '', э: 'e', ю: 'yu', я: 'ya', ў: 'o', қ: 'q', ғ: 'g', ҳ: 'h',
};

/** In a model code ('а54', 'х5') a Cyrillic letter usually stands for the Latin letter it looks like; the others by sound. */
const CYRILLIC_LOOK_ALIKE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
};

/**
 * Names said differently from how they are written, in the spellings seen on classifieds; every
 * other word is matched by its sound (soundKey) or within one slip of a catalogue word.
 */
const SPOKEN_NAMES: Record<string, string> = {
  айфон: 'iphone', айпад: 'ipad', ayfon: 'iphone', aifon: 'iphone', ajfon: 'iphone', ayfoun: 'iphone',
  эпл: 'apple', epl: 'apple', эппл: 'apple', eppl: 'apple',
  ванплюс: 'oneplus', vanplyus: 'oneplus', vanplus: 'oneplus', ванплас: 'oneplus', vanplas: 'oneplus',
  гугл: 'google', gugl: 'google',
  эдж: 'edge', edj: 'edge', edzh: 'edge',
  мэджик: 'magic', medjik: 'magic', medzhik: 'magic', маджик: 'magic', madjik: 'magic',
  мейт: 'mate', meyt: 'mate', мэйт: 'mate',
  лайт: 'lite', layt: 'lite', lait: 'lite',
  нотинг: 'nothing', noting: 'nothing', насинг: 'nothing',
};

/** A word of the catalogue, as typed words are compared with it. */
interface CatalogueWord {
  word: string;
  sound: string;
  /** Its letters in order: a typed word with the same letters may be a swap of two of them. */
  letters: string;
  /** How many names hold it: among equally close words the commoner is meant. */
  names: number;
}

/** Words as the catalogue's search reads them: lower case, split at anything but letters, digits and '+'. */
export function nameWords(name: string): string[] {
  return name.toLowerCase().normalize('NFC').split(/[^\p{L}\p{N}+]+/u).filter(Boolean);
}

/**
 * A Latin word reduced to how it sounds: 'galaxy' and 'galaksi', 'note' and 'nout', 'pixel' and
 * 'piksel', 'huawei' and 'huavey' meet.
 */
export function soundKey(word: string): string {
  return word
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/kh/g, 'h')
    .replace(/x/g, 'ks')
    .replace(/c(?!h)/g, 'k')
    .replace(/q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/ou/g, 'o')
    .replace(/(.)\1+/g, '$1')
    .replace(/([^aeiou])e$/, '$1');
}

/** The edit distance with a swap of neighbours as one edit (optimal string alignment). */
export function slips(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

const CYRILLIC = /[\u0400-\u04ff]/;
const transliterate = (word: string, letters: Record<string, string>) => [...word].map((letter) => letters[letter] ?? letter).join('');
/** A model code ('a54', '13t', 'xr', 'se'): so close to the next model's that no slip is guessed in its digits or short letters. */
const isModelCode = (word: string) => /\d/.test(word) || word.length <= 2;
const sortedLetters = (word: string) => [...word].sort().join('');

/**
 * How a typed word may be meant in Latin letters: Cyrillic by sound ('хонор' → 'honor'), or in a
 * model code each letter by look or by sound ('а54' → 'a54', 'хр' → 'xr'); an Uzbek Latin 'x' is
 * the Cyrillic 'х' ('xonor' → 'honor').
 */
function readings(typed: string): string[] {
  if (!CYRILLIC.test(typed)) return typed.includes('x') && !isModelCode(typed) ? [typed, typed.replace(/x/g, 'h')] : [typed];
  const bySound = transliterate(typed, CYRILLIC_BY_SOUND);
  if (!isModelCode(typed)) return [bySound];
  let codes = [''];
  for (const letter of typed) {
    const choices = [...new Set([CYRILLIC_LOOK_ALIKE[letter], CYRILLIC_BY_SOUND[letter]].filter((choice) => choice !== undefined))];
    codes = codes.flatMap((code) => (choices.length ? choices : [letter]).map((choice) => code + choice)).slice(0, 64);
  }
  return [...new Set([...codes, bySound])];
}

/** Typed words whose catalogue word is remembered, at most: the slips people make recur. */
const WORDS_REMEMBERED = 50_000;

/** The words of the catalogue's names, to correct typed words against. */
export class CatalogueSpelling {
  private readonly words = new Map<string, CatalogueWord>();
  private readonly bySound = new Map<string, CatalogueWord>();
  /** The catalogue word found for each typed word not in the catalogue (comparing it with every word takes a while). */
  private readonly found = new Map<string, string>();

  constructor(deviceNames: Iterable<string>) {
    const add = (word: string) => {
      const known = this.words.get(word) ?? { word, sound: soundKey(word), letters: sortedLetters(word), names: 0 };
      known.names++;
      this.words.set(word, known);
    };
    for (const name of deviceNames) {
      const words = new Set(nameWords(name));
      // The letters of a code are words too: 'reno' of 'reno10', 'magic' of 'magic5'.
      for (const word of words) for (const letters of /\d/.test(word) ? (word.match(/\p{L}{3,}/gu) ?? []) : []) words.add(letters);
      for (const word of words) add(word);
    }
    for (const known of this.words.values()) {
      const other = this.bySound.get(known.sound);
      if (!isModelCode(known.word) && (!other || other.names < known.names)) this.bySound.set(known.sound, known);
    }
  }

  /**
   * The typed name in the catalogue's words, lower case: each word is read as Latin, then taken
   * for the catalogue word it is said as (SPOKEN_NAMES), is, sounds like (soundKey), or is one
   * slip away from. In a model code only its letters are corrected ('reon10' → 'reno10'). A word
   * none of these finds stays as read: the catalogue search still compares it by trigrams.
   */
  catalogueWords(typed: string): string {
    return nameWords(typed).map((word) => (this.words.has(word) ? word : this.remembered(word))).join(' ');
  }

  private remembered(typed: string): string {
    let word = this.found.get(typed);
    if (word === undefined) {
      if (this.found.size >= WORDS_REMEMBERED) this.found.clear();
      this.found.set(typed, (word = this.catalogueWord(typed)));
    }
    return word;
  }

  private catalogueWord(typed: string): string {
    const candidates = readings(typed);
    for (const reading of candidates) {
      const known = SPOKEN_NAMES[reading] ?? (this.words.has(reading) ? reading : undefined);
      if (known) return known;
    }
    const [reading] = candidates;
    if (/\d/.test(reading)) {
      return reading.replace(/\p{L}{3,}/gu, (letters) => SPOKEN_NAMES[letters] ?? (this.words.has(letters) ? letters : (this.closestWord([letters]) ?? letters)));
    }
    return isModelCode(reading) ? reading : (this.closestWord(candidates) ?? reading);
  }

  /**
   * The catalogue word that sounds like one of the readings, or else is one slip from it: in
   * words of four letters or more any one edit, by letters or by sound; in three-letter words
   * only two neighbours swapped ('rpo'). Among several, a swap of the typed letters first, then
   * the word more names hold.
   */
  private closestWord(candidates: string[]): string | undefined {
    for (const reading of candidates) {
      const sameSound = this.bySound.get(soundKey(reading));
      if (sameSound && reading.length >= 3) return sameSound.word;
    }
    let best: { known: CatalogueWord; swapped: boolean } | undefined;
    for (const reading of candidates) {
      const sound = soundKey(reading);
      const letters = sortedLetters(reading);
      for (const known of this.words.values()) {
        if (isModelCode(known.word) || (Math.abs(known.word.length - reading.length) > 1 && Math.abs(known.sound.length - sound.length) > 1)) continue;
        const swapped = letters === known.letters && slips(reading, known.word) === 1;
        const oneSlip = reading.length > 3 && known.word.length > 3 && (slips(reading, known.word) <= 1 || slips(sound, known.sound) <= 1);
        if (!swapped && !oneSlip) continue;
        if (!best || (swapped && !best.swapped) || (swapped === best.swapped && known.names > best.known.names)) best = { known, swapped };
      }
    }
    return best?.known.word;
  }
}
