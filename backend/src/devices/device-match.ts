import { CatalogueSpelling, nameWords } from './device-name-spelling';

/** A model of the catalogue as the matcher reads it. */
export interface CatalogueModel {
  id: string;
  name: string;
  /** How often sellers picked it in the wizard: among models as close, the commoner first. */
  searchCount: number;
}

/** What a typed name means in the catalogue. */
export interface ModelMatch {
  /** The models whose name holds every typed word, the closest first ('iphone 13': 13, then 13 mini/Pro, then 13 Pro Max). */
  models: CatalogueModel[];
  /** The models nearest to it that do not hold every typed word, nearest first: what to offer when nothing matches. */
  closest: CatalogueModel[];
  /** The storage size the name asks for ('iphone 13 128', '256gb', '8/256'), as listings store it ('128GB'). */
  storage?: string;
  /** False when the name is memory alone ('256gb'): it asks for a storage size of any model. */
  namesModel: boolean;
}

/** Storage sizes a bare number is read as (when no model is called by that number). */
const STORAGE_SIZES = new Set([16, 32, 64, 128, 256, 512, 1024]);
/** 'RAM/storage' as sellers write memory: '8/256', '8gb/128gb'. */
const RAM_SLASH_STORAGE = /\b\d{1,2}\s*(?:gb|гб)?\s*\/\s*(\d{2,4})\s*(gb|tb|гб|тб)?\b/iu;
const CLOSEST_KEPT = 20;
/** Words that tell a variant from its model less than a word like 'Pro' does: 'S23+' and 'Note 13 5G' come before 'S23 FE' and 'Note 13 Pro'. */
const MINOR_WORDS = new Set(['+', '5g', '4g']);

/** A model's name in words, and the leading letters of its codes ('a' of 'a54', 'reno' of 'reno10'). */
interface Entry {
  model: CatalogueModel;
  words: string[];
  codeLetters: (string | undefined)[];
  /** Its numbers and codes, read once: a name never matched is compared with every typo typed. */
  codes: Code[];
}

/** A number or code, typed or in a name: its letters and its number ('a54': 'a' and 54, '13': '' and 13). */
interface Code {
  letters: string;
  number: number;
}

function codeOf(word: string): Code | undefined {
  const code = word.match(/^(\p{L}*)(\d+)$/u);
  return code ? { letters: code[1], number: Number(code[2]) } : undefined;
}

const storageOf = (size: number, unit: string | undefined) => (unit === 'tb' ? `${size}TB` : size === 1024 ? '1TB' : `${size}GB`);
const isNumber = (word: string) => /^\d+$/.test(word);

/**
 * The one matcher of typed model names, for the wizard's device search and the feed's name
 * filter. Typed words are first read as the catalogue's words (CatalogueSpelling: Cyrillic,
 * spellings by ear, slips); then a model matches when each typed word is one of its words, a
 * run of them written together ('iphone13'), the letters of one of its codes ('reno' of
 * 'reno10') or, for the last word while it is being typed, the start of one ('iphone 13 pr').
 * A number is a whole word: '13' never matches 11, XS, 14, A13 or 13C. Memory typed with the
 * name narrows by storage instead of matching words.
 */
export class ModelMatcher {
  private readonly spelling: CatalogueSpelling;
  private readonly entries: Entry[];
  /** Numbers that are words of model names ('105' of 'Nokia 105'): never read as storage. */
  private readonly modelNumbers = new Set<string>();

  constructor(models: readonly CatalogueModel[]) {
    this.spelling = new CatalogueSpelling(models.map((model) => model.name));
    this.entries = models.map((model) => {
      // 'S23+' is 'S23' and a plus: 'galaxy s23' matches it, one small word away.
      const words = nameWords(model.name).flatMap((word) => (word.length > 1 && word.endsWith('+') ? [word.slice(0, -1), '+'] : [word]));
      for (const word of words) if (isNumber(word)) this.modelNumbers.add(word);
      return { model, words, codeLetters: words.map((word) => word.match(/^(\p{L}+)\d/u)?.[1]), codes: words.flatMap((word) => codeOf(word) ?? []) };
    });
  }

  match(typed: string): ModelMatch {
    let storage: string | undefined;
    const slash = typed.toLowerCase().match(RAM_SLASH_STORAGE);
    if (slash) {
      storage = storageOf(Number(slash[1]), slash[2]?.replace('тб', 'tb'));
      typed = typed.slice(0, slash.index) + ' ' + typed.slice(slash.index! + slash[0].length);
    }
    const words: string[] = [];
    const read = this.spelling.catalogueWords(typed).split(' ').filter(Boolean);
    for (let index = 0; index < read.length; index++) {
      const word = read[index];
      const sized = word.match(/^(\d{1,4})(gb|tb)$/);
      const unitNext = isNumber(word) && (read[index + 1] === 'gb' || read[index + 1] === 'tb');
      if (sized) storage = storageOf(Number(sized[1]), sized[2]);
      else if (unitNext) storage = storageOf(Number(word), read[++index]);
      else if (isNumber(word) && STORAGE_SIZES.has(Number(word)) && !this.modelNumbers.has(word) && words.length > 0) storage = storageOf(Number(word), undefined);
      else words.push(word);
    }
    if (words.length === 0) return { models: [], closest: [], storage, namesModel: false };

    const matched: { entry: Entry; extra: number }[] = [];
    const near: { entry: Entry; held: number; numberGap: number }[] = [];
    // What depends on the typed words alone is read once, not once per model of the catalogue.
    const typedWords = typedWordsOf(words);
    const joined = joinCodes(words);
    const joinedWords = joined.length < words.length ? typedWordsOf(joined) : undefined;
    for (const entry of this.entries) {
      const places = typedWords.map((word) => this.placesOf(entry, word));
      const covered = coverOf(places) ?? (joinedWords ? coverOf(joinedWords.map((word) => this.placesOf(entry, word))) : null);
      if (covered) {
        // Words of the name nobody typed, its brand aside: 'iPhone 13' before 'iPhone 13 Pro Max'.
        const untyped = entry.words.filter((_, index) => index > 0 && !covered.has(index));
        matched.push({ entry, extra: untyped.reduce((sum, word) => sum + (MINOR_WORDS.has(word) ? 0.5 : 1), 0) });
      } else {
        const nearness = nearnessOf(entry, typedWords, places);
        if (nearness.held > 0) near.push({ entry, ...nearness });
      }
    }
    const byPopularity = (a: Entry, b: Entry) => b.model.searchCount - a.model.searchCount || a.model.name.localeCompare(b.model.name);
    matched.sort((a, b) => a.extra - b.extra || byPopularity(a.entry, b.entry));
    near.sort((a, b) => b.held - a.held || a.numberGap - b.numberGap || a.entry.words.length - b.entry.words.length || byPopularity(a.entry, b.entry));
    return {
      models: matched.map(({ entry }) => entry.model),
      closest: near.slice(0, CLOSEST_KEPT).map(({ entry }) => entry.model),
      storage,
      namesModel: true,
    };
  }

  /** The places of the name's words a typed word takes, or null when it is not in the name. */
  private placesOf(entry: Entry, { word, startable }: TypedWord): number[] | null {
    const { words, codeLetters } = entry;
    const exact = words.indexOf(word);
    if (exact >= 0) return [exact];
    // Words written together: 'iphone13', 'galaxya54', 'promax'.
    for (let from = 0; from < words.length; from++) {
      let joined = words[from];
      for (let to = from + 1; to < words.length && joined.length < word.length; to++) {
        joined += words[to];
        if (joined === word) return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
      }
    }
    const code = codeLetters.indexOf(word);
    if (code >= 0) return [code];
    if (startable) {
      const started = words.findIndex((candidate) => candidate.startsWith(word));
      if (started >= 0) return [started];
    }
    return null;
  }
}

/** How far a typed number or code is from the name's nearest one with the same letters ('a54' is 1 from 'a55'). */
function numberGapOf(codes: readonly Code[], typed: Code | undefined): number {
  if (!typed) return 0;
  let gap = Infinity;
  for (const code of codes) if (code.letters === typed.letters) gap = Math.min(gap, Math.abs(code.number - typed.number));
  return gap === Infinity ? 1000 : gap;
}

/** A typed word as each model is compared with it. */
interface TypedWord {
  word: string;
  code: Code | undefined;
  /** The word being typed (the last) may be the start of a name's word: letters only, so that a number is never the start of another ('1' of '13'). */
  startable: boolean;
}

function typedWordsOf(words: readonly string[]): TypedWord[] {
  return words.map((word, position) => ({ word, code: codeOf(word), startable: position === words.length - 1 && /^\p{L}+$/u.test(word) }));
}

/** The places of the name's words the typed words take (their `places`), or null when one of them is not in the name. */
function coverOf(places: readonly (number[] | null)[]): Set<number> | null {
  const covered = new Set<number>();
  for (const wordPlaces of places) {
    if (!wordPlaces) return null;
    for (const place of wordPlaces) covered.add(place);
  }
  return covered;
}

/** How near a model that does not match is: typed words it holds (their `places`), and how far its numbers are from the typed ones. */
function nearnessOf(entry: Entry, typed: readonly TypedWord[], places: readonly (number[] | null)[]): { held: number; numberGap: number } {
  let held = 0;
  let heldWord = false;
  let numberGap = 0;
  typed.forEach(({ word, code }, position) => {
    if (places[position]) {
      held++;
      heldWord ||= !isNumber(word);
    } else numberGap += numberGapOf(entry.codes, code);
  });
  // A model holding only numbers of the typed name is not near it ('13' of 'Redmi 13' for 'iphone 13').
  return { held: heldWord ? held : 0, numberGap };
}

/** 'a 54' → 'a54': a code's letters typed apart from its number. */
function joinCodes(words: readonly string[]): string[] {
  const joined: string[] = [];
  for (const word of words) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && /^\p{L}{1,2}$/u.test(previous) && isNumber(word)) joined[joined.length - 1] = previous + word;
    else joined.push(word);
  }
  return joined;
}
