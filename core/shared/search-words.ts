import { validationFailed } from './domain-error.ts';

/** A word of `q` shorter than this matches too much to be looked up. */
export const MIN_QUERY_WORD = 2;
/** More words than this in `q` are refused (names and numbers have fewer). */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a text as searching sees them: runs of letters and digits, case and accents folded
 * ("Café Öl-Co, LLC" → café→cafe, ol, co, llc). Texts are names and numbers of bounded length.
 */
export const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** What a record is found by: the distinct words of its texts. */
export const searchTerms = (...texts: readonly string[]): string[] => [...new Set(texts.flatMap(wordsOf))];

/**
 * Words of one name that are indexed: its first distinct ones, up to this many. A real insured's
 * name has a handful; the cap bounds what one record costs to index and to check, whatever is sent.
 */
export const MAX_NAME_TERMS = 32;

/** The distinct words of a name a record is found by: the first MAX_NAME_TERMS of them. */
export const nameTerms = (name: string): string[] => [...new Set(wordsOf(name))].slice(0, MAX_NAME_TERMS);

/** A record number's words and its letters and digits run together, so `HPL-2027-0001` and `hpl2027` both find it. */
export const numberTerms = (number: string): string[] => searchTerms(number, wordsOf(number).join(''));

/**
 * The words a whole text is looked up by (the `insuredName` filter): of its indexed words
 * (nameTerms), those of at least two characters, the longest (rarest) first, at most
 * MAX_QUERY_WORDS; the text itself is then compared whole. None when the text has no such word.
 */
export const lookupWords = (text: string): string[] =>
  nameTerms(text)
    .filter((word) => word.length >= MIN_QUERY_WORD)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_QUERY_WORDS);

/**
 * The words of a search: every one must begin a word of the record (CONTRACT 17); each needs at
 * least two characters, and there are at most eight.
 */
export const queryWords = (q: string): string[] => {
  const words = [...new Set(wordsOf(q))];
  if (words.length === 0 || words.some((word) => word.length < MIN_QUERY_WORD)) {
    throw validationFailed('q', 'minLength', `Each word of q needs at least ${MIN_QUERY_WORD} letters or digits.`);
  }
  if (words.length > MAX_QUERY_WORDS) throw validationFailed('q', 'maxItems', `q may hold at most ${MAX_QUERY_WORDS} words.`);
  return words;
};
