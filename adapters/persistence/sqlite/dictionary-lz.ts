/**
 * LZ77 against a shared dictionary, for short texts that resemble each other (the documents of
 * one table). A general compressor sees one small document at a time and finds little to refer
 * back to; here every document may also refer to the dictionary (recent documents of its table),
 * whose hash chains are built once, not per call as deflate's preset dictionary is: in Node every
 * zlib call costs some 15 µs before its first byte, more than this whole encoding of a document.
 *
 * The packed form is a sequence of tokens:
 * - `0LLLLLLL` then L+1 bytes: a run of 1 to 128 literal bytes;
 * - `1LLLLLLL DDDDDDDD DDDDDDDD`: L+4 bytes (4 to 131) copied from D (1 to 65,535) bytes back,
 *   counted through the text decoded so far and then back into the end of the dictionary.
 */
const MIN_MATCH = 4;
const MAX_MATCH = MIN_MATCH + 0x7f;
const MAX_RUN = 0x80;
const MAX_DISTANCE = 0xffff;
const HASH_BITS = 13;
/** Candidates tried per position, and the length that stops the search: speed over the last few bytes. */
const CANDIDATES = 8;
const GOOD_ENOUGH = 32;
/**
 * Positions of a match put in the chains: its first few only, as deflate's fast levels do. The
 * rest would mostly be found again through them; measured on a bind's rows, the packed bytes were
 * no larger and encoding a fifth faster.
 */
const REMEMBERED_OF_A_MATCH = 4;
const NONE = -1;

/** The text is limited so that the distance of any match fits its two bytes, and a call stays short. */
export const MAX_ENCODED_TEXT_BYTES = 16 * 1024;
export const MAX_DICTIONARY_BYTES = MAX_DISTANCE - MAX_ENCODED_TEXT_BYTES;

const hashAt = (bytes: Uint8Array, at: number): number =>
  Math.imul(bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24), 0x9e3779b1) >>> (32 - HASH_BITS);

/** A dictionary with its hash chains: `head[h]` is the last position of hash h, `previous[p]` the one before p. */
export class LzDictionary {
  readonly bytes: Uint8Array;
  readonly head = new Int32Array(1 << HASH_BITS).fill(NONE);
  readonly previous: Int32Array;

  constructor(bytes: Uint8Array) {
    if (bytes.length > MAX_DICTIONARY_BYTES) throw new RangeError(`A dictionary holds at most ${MAX_DICTIONARY_BYTES} bytes.`);
    this.bytes = bytes;
    this.previous = new Int32Array(bytes.length);
    for (let at = 0; at + MIN_MATCH <= bytes.length; at += 1) {
      const hash = hashAt(bytes, at);
      this.previous[at] = this.head[hash]!;
      this.head[hash] = at;
    }
  }
}

/** The chains of the text being encoded; one set, reused (encoding is synchronous), cleared by generation. */
const textHead = new Int32Array(1 << HASH_BITS);
const headGeneration = new Int32Array(1 << HASH_BITS);
let generation = 0;
let textPrevious = new Int32Array(1024);

export const lzEncode = (dictionary: LzDictionary, text: string): Uint8Array => {
  const source = Buffer.from(text, 'utf8');
  const length = source.length;
  if (length > MAX_ENCODED_TEXT_BYTES) throw new RangeError(`A text to encode holds at most ${MAX_ENCODED_TEXT_BYTES} bytes.`);
  if (textPrevious.length < length) textPrevious = new Int32Array(length);
  generation = (generation + 1) | 0;
  const base = dictionary.bytes;
  // Worst case: all literals, one marker byte per 128.
  const out = new Uint8Array(length + Math.ceil(length / MAX_RUN));
  let written = 0;
  let literalsFrom = 0;
  const literalsUpTo = (end: number) => {
    while (literalsFrom < end) {
      const run = Math.min(MAX_RUN, end - literalsFrom);
      out[written++] = run - 1;
      out.set(source.subarray(literalsFrom, literalsFrom + run), written);
      written += run;
      literalsFrom += run;
    }
  };
  const remember = (at: number) => {
    if (at + MIN_MATCH > length) return;
    const hash = hashAt(source, at);
    textPrevious[at] = headGeneration[hash] === generation ? textHead[hash]! : NONE;
    textHead[hash] = at;
    headGeneration[hash] = generation;
  };
  let at = 0;
  while (at < length) {
    let best = 0;
    let bestDistance = 0;
    if (at + MIN_MATCH <= length) {
      const hash = hashAt(source, at);
      const longest = Math.min(MAX_MATCH, length - at);
      let candidate = headGeneration[hash] === generation ? textHead[hash]! : NONE;
      for (let tries = 0; candidate !== NONE && tries < CANDIDATES && best < GOOD_ENOUGH; tries += 1) {
        // A candidate that differs at the best length so far cannot beat it.
        if (source[candidate + best] === source[at + best]) {
          let matched = 0;
          while (matched < longest && source[candidate + matched] === source[at + matched]) matched += 1;
          if (matched > best) {
            best = matched;
            bestDistance = at - candidate;
          }
        }
        candidate = textPrevious[candidate]!;
      }
      candidate = dictionary.head[hash]!;
      for (let tries = 0; candidate !== NONE && tries < CANDIDATES && best < GOOD_ENOUGH; tries += 1) {
        const limit = Math.min(longest, base.length - candidate);
        if (best < limit && base[candidate + best] === source[at + best]) {
          let matched = 0;
          while (matched < limit && base[candidate + matched] === source[at + matched]) matched += 1;
          if (matched > best) {
            best = matched;
            bestDistance = at + base.length - candidate;
          }
        }
        candidate = dictionary.previous[candidate]!;
      }
    }
    if (best < MIN_MATCH) {
      remember(at);
      at += 1;
      continue;
    }
    literalsUpTo(at);
    out[written++] = 0x80 | (best - MIN_MATCH);
    out[written++] = bestDistance >>> 8;
    out[written++] = bestDistance & 0xff;
    const end = at + best;
    for (const stop = at + Math.min(best, REMEMBERED_OF_A_MATCH); at < stop; at += 1) remember(at);
    at = end;
    literalsFrom = at;
  }
  literalsUpTo(length);
  return out.slice(0, written);
};

const damaged = () => new Error('A packed text is damaged: it refers outside what it and its dictionary hold.');

/**
 * The bytes of the text being decoded: one buffer, reused (decoding is synchronous, and the text is
 * copied out as a string), as large as any text the encoder takes; grown only for a damaged row
 * that unpacks into more, as every token of 3 bytes yields at most MAX_MATCH.
 */
let decoded = new Uint8Array(MAX_ENCODED_TEXT_BYTES);

export const lzDecode = (dictionary: Uint8Array, packed: Uint8Array): string => {
  let out = decoded;
  let written = 0;
  const room = (bytes: number) => {
    if (written + bytes <= out.length) return;
    const grown = new Uint8Array(Math.max(out.length * 2, written + bytes));
    grown.set(out.subarray(0, written));
    out = decoded = grown;
  };
  for (let at = 0; at < packed.length;) {
    const token = packed[at++]!;
    if (token < 0x80) {
      const run = token + 1;
      if (at + run > packed.length) throw damaged();
      room(run);
      out.set(packed.subarray(at, at + run), written);
      written += run;
      at += run;
      continue;
    }
    if (at + 2 > packed.length) throw damaged();
    const length = (token & 0x7f) + MIN_MATCH;
    const distance = (packed[at]! << 8) | packed[at + 1]!;
    at += 2;
    if (distance === 0 || distance > written + dictionary.length) throw damaged();
    room(length);
    for (let copied = 0; copied < length; copied += 1) {
      const from = written - distance;
      out[written++] = from >= 0 ? out[from]! : dictionary[dictionary.length + from]!;
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, written).toString('utf8');
};
