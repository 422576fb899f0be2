/**
 * What a file is, told from its first bytes rather than from the name or type a client claims.
 * Only fixed offsets and a bounded head are examined, so the cost does not grow with the file.
 */

/** How many leading bytes the sniffer looks at; callers read this much (or the whole file if smaller). */
export const SNIFF_BYTES = 64 * 1024;

export interface KnownType {
  readonly contentType: string;
  /** The file name extensions that belong to the type, the usual one first. */
  readonly extensions: readonly string[];
}

type Sniffed =
  | { readonly kind: 'known'; readonly type: KnownType }
  | { readonly kind: 'executable'; readonly format: string }
  | { readonly kind: 'unknown'; readonly reason: string };

const known = (contentType: string, ...extensions: string[]): Sniffed => ({ kind: 'known', type: { contentType, extensions } });
const executable = (format: string): Sniffed => ({ kind: 'executable', format });

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, from: number, length: number): string =>
  bytes.length >= from + length ? String.fromCharCode(...bytes.subarray(from, from + length)) : '';

/** Finds `needle` (ASCII) in `bytes`; the head is at most SNIFF_BYTES long. */
const contains = (bytes: Uint8Array, needle: string): boolean => {
  const first = needle.charCodeAt(0);
  for (let index = bytes.indexOf(first); index !== -1 && index + needle.length <= bytes.length; index = bytes.indexOf(first, index + 1)) {
    if (ascii(bytes, index, needle.length) === needle) return true;
  }
  return false;
};

const EXECUTABLES: ReadonlyArray<readonly [readonly number[], string]> = [
  [[0x4d, 0x5a], 'Windows or DOS executable'],
  [[0x7f, 0x45, 0x4c, 0x46], 'ELF executable'],
  [[0xfe, 0xed, 0xfa, 0xce], 'Mach-O executable'],
  [[0xfe, 0xed, 0xfa, 0xcf], 'Mach-O executable'],
  [[0xce, 0xfa, 0xed, 0xfe], 'Mach-O executable'],
  [[0xcf, 0xfa, 0xed, 0xfe], 'Mach-O executable'],
  [[0xca, 0xfe, 0xba, 0xbe], 'Mach-O universal binary or Java class'],
  [[0x00, 0x61, 0x73, 0x6d], 'WebAssembly module'],
  [[0x23, 0x21], 'script with an interpreter line (#!)'],
];

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** ISO base media files (`ftyp` box at offset 4): HEIC photos, MP4 and QuickTime video. */
const isoMedia = (bytes: Uint8Array): Sniffed | null => {
  if (ascii(bytes, 4, 4) !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 4);
  if (HEIF_BRANDS.has(brand)) return known('image/heic', 'heic', 'heif');
  if (brand === 'qt  ') return known('video/quicktime', 'mov');
  return known('video/mp4', 'mp4', 'm4v');
};

/** Office Open XML documents are ZIP archives whose first entry is `[Content_Types].xml`. */
const zipArchive = (bytes: Uint8Array): Sniffed => {
  const nameLength = (bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8);
  if (ascii(bytes, 30, nameLength) !== '[Content_Types].xml')
    return { kind: 'unknown', reason: 'ZIP archives are not accepted: their contents cannot be typed.' };
  if (contains(bytes, 'word/')) return known('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
  if (contains(bytes, 'xl/')) return known('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
  if (contains(bytes, 'ppt/')) return known('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx');
  return { kind: 'unknown', reason: 'An Office Open XML package of an unknown kind.' };
};

/**
 * Legacy Office files and Outlook messages share one container format (OLE2) with installer
 * packages; the bytes say "OLE2" and the claimed extension picks among the accepted documents.
 */
const OLE_DOCUMENTS: Readonly<Record<string, Sniffed>> = {
  doc: known('application/msword', 'doc'),
  xls: known('application/vnd.ms-excel', 'xls'),
  ppt: known('application/vnd.ms-powerpoint', 'ppt'),
  msg: known('application/vnd.ms-outlook', 'msg'),
};

const oleContainer = (claimedExtension: string): Sniffed =>
  OLE_DOCUMENTS[claimedExtension] ?? { kind: 'unknown', reason: 'An OLE2 container that is not a Word, Excel, PowerPoint or Outlook file.' };

/** Valid UTF-8 with no NUL and few control characters; a sequence cut by the end of the head is allowed. */
const isText = (bytes: Uint8Array, complete: boolean): boolean => {
  if (bytes.length === 0) return false;
  let controls = 0;
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    if (byte === 0) return false;
    if (byte < 0x80) {
      if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls += 1;
      index += 1;
      continue;
    }
    const length = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 && byte <= 0xdf ? 2 : 0;
    if (length === 0) return false;
    if (index + length > bytes.length) return !complete;
    for (let next = 1; next < length; next += 1) if (((bytes[index + next] as number) & 0xc0) !== 0x80) return false;
    index += length;
  }
  return controls * 100 <= bytes.length; // a ratio: control characters are at most 1 % of the bytes
};

const TEXT_BY_EXTENSION: Readonly<Record<string, Sniffed>> = {
  csv: known('text/csv; charset=utf-8', 'csv'),
  eml: known('message/rfc822', 'eml'),
};

/**
 * `head` is the first SNIFF_BYTES of the file (all of it when `complete`); `claimedExtension`
 * (lowercase, no dot) only chooses between types the bytes cannot tell apart.
 */
export const sniffContent = (head: Uint8Array, complete: boolean, claimedExtension: string): Sniffed => {
  for (const [signature, format] of EXECUTABLES) if (startsWith(head, signature)) return executable(format);
  // A PDF header may follow up to 1 KiB of other bytes.
  if (contains(head.subarray(0, 1024 + 5), '%PDF-')) return known('application/pdf', 'pdf');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return known('image/jpeg', 'jpg', 'jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return known('image/png', 'png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return known('image/gif', 'gif');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return known('image/webp', 'webp');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return known('image/tiff', 'tif', 'tiff');
  const media = isoMedia(head);
  if (media) return media;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipArchive(head);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleContainer(claimedExtension);
  if (isText(head, complete)) return TEXT_BY_EXTENSION[claimedExtension] ?? known('text/plain; charset=utf-8', 'txt', 'log', 'text', 'md', 'json', 'xml');
  return { kind: 'unknown', reason: 'The bytes match no accepted file type.' };
};

/** The content types `sniffContent` can accept, for error messages and the API description. */
export const ACCEPTED_FILE_TYPES =
  'PDF, JPEG, PNG, GIF, WebP, TIFF, HEIC, MP4, QuickTime, Word, Excel, PowerPoint, Outlook messages, e-mail (.eml), CSV and plain text';
