/**
 * File names as clients send them are untrusted text: paths, control and direction-changing
 * characters, reserved device names and misleading extensions. What is kept is a plain name that
 * is safe in a Content-Disposition header, on any file system, and whose extension matches the
 * bytes.
 */

/** Longest name kept, in UTF-8 bytes (file systems commonly stop at 255). */
export const MAX_FILE_NAME_BYTES = 200;
/** Longer input is cut before it is examined at all. */
const MAX_INPUT_CHARACTERS = 1024;

const RESERVED = new Set(['<', '>', ':', '"', '/', '\\', '|', '?', '*', ';']);
const WINDOWS_DEVICES = new Set(['con', 'prn', 'aux', 'nul', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`])]);

/** Controls, invisible formatting and bidirectional overrides (which can make `exe.pdf` read as `fdp.exe`). */
const isInvisible = (code: number): boolean =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2069) ||
  code === 0xfeff ||
  code === 0x00ad;

const isBlank = (character: string): boolean => character.trim() === '';

/** The last path segment: both separators count, whichever system the client runs. */
const baseName = (name: string): string => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

const cleaned = (raw: string): string => {
  let result = '';
  let pendingSpace = false;
  for (const character of baseName(raw.slice(0, MAX_INPUT_CHARACTERS)).normalize('NFC')) {
    // Tabs and line breaks are blanks; other controls vanish.
    if (isBlank(character)) {
      pendingSpace = result.length > 0;
      continue;
    }
    if (isInvisible(character.codePointAt(0) as number)) continue;
    if (pendingSpace) result += ' ';
    pendingSpace = false;
    result += RESERVED.has(character) ? '_' : character;
  }
  // Leading dots hide files; trailing dots and spaces are dropped by Windows.
  let start = 0;
  while (result[start] === '.') start += 1;
  let end = result.length;
  while (end > start && (result[end - 1] === '.' || result[end - 1] === ' ')) end -= 1;
  return result.slice(start, end);
};

/** The extension (lowercase, no dot) a name claims, or '' when it has none. */
export const extensionOf = (name: string | null): string => {
  const base = baseName((name ?? '').slice(0, MAX_INPUT_CHARACTERS)).trim();
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** Cuts to at most `limit` UTF-8 bytes without splitting a character. */
const truncateBytes = (text: string, limit: number): string => {
  const encoder = new TextEncoder();
  let result = '';
  let bytes = 0;
  for (const character of text) {
    bytes += encoder.encode(character).length;
    if (bytes > limit) break;
    result += character;
  }
  return result;
};

/**
 * A safe name for a stored file of a type with `extensions` (the usual one first). A name whose
 * extension does not belong to the type keeps its text and gains the right extension
 * (`photo.exe` holding a JPEG becomes `photo.exe.jpg`).
 */
export const safeFileName = (raw: string | null, extensions: readonly string[], fallback = 'attachment'): string => {
  let name = cleaned(raw ?? '');
  const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  if (WINDOWS_DEVICES.has(stem.toLowerCase())) name = `_${name}`;
  if (name === '') name = fallback;
  if (extensions.length === 0) return truncateBytes(name, MAX_FILE_NAME_BYTES);
  const claimed = extensionOf(name);
  const matches = extensions.includes(claimed);
  const stemKept = truncateBytes(matches ? name.slice(0, name.length - claimed.length - 1) : name, MAX_FILE_NAME_BYTES - 16).trimEnd() || fallback;
  return `${stemKept}.${matches ? name.slice(name.length - claimed.length) : extensions[0]}`;
};
