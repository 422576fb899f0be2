import test from 'ava';
import { SNIFF_BYTES, sniffContent } from '../../../core/documents/content-sniffing.ts';
import { extensionOf, MAX_FILE_NAME_BYTES, safeFileName } from '../../../core/documents/file-name.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const typeOf = (head: Uint8Array, extension = '') => {
  const sniffed = sniffContent(head, true, extension);
  return sniffed.kind === 'known' ? sniffed.type.contentType : sniffed.kind;
};

test('documents and media are told from their first bytes', (t) => {
  t.is(typeOf(bytes('%PDF-1.4\n')), 'application/pdf');
  t.is(typeOf(bytes(' '.repeat(900), '%PDF-1.7')), 'application/pdf', 'a PDF header may follow up to 1 KiB of other bytes');
  t.is(typeOf(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif')), 'image/jpeg');
  t.is(typeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])), 'image/png');
  t.is(typeOf(bytes('GIF89a')), 'image/gif');
  t.is(typeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')), 'image/webp');
  t.is(typeOf(bytes('II*', [0])), 'image/tiff');
  t.is(typeOf(bytes([0, 0, 0, 24], 'ftypheic')), 'image/heic');
  t.is(typeOf(bytes([0, 0, 0, 24], 'ftypisom')), 'video/mp4');
  t.is(typeOf(bytes([0, 0, 0, 20], 'ftypqt  ')), 'video/quicktime');
  const ooxml = (inner: string) => bytes('PK', [3, 4], Array(22).fill(0), [19, 0, 0, 0], '[Content_Types].xml', '...', inner, '/document.xml');
  t.is(typeOf(ooxml('word')), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  t.is(typeOf(ooxml('xl')), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  t.is(typeOf(bytes('date,amount\n2026-01-01,10\n'), 'csv'), 'text/csv; charset=utf-8');
  t.is(typeOf(bytes('Grüße aus Köln\r\n')), 'unknown', 'latin1 bytes are not UTF-8 text');
  t.is(typeOf(Buffer.from('Grüße aus Köln\r\n', 'utf8')), 'text/plain; charset=utf-8');
});

test('programs and scripts are recognised whatever they are called; archives and unknown binaries are not accepted', (t) => {
  t.is(typeOf(bytes('MZ', [0x90, 0])), 'executable');
  t.is(typeOf(bytes([0x7f], 'ELF')), 'executable');
  t.is(typeOf(bytes([0xcf, 0xfa, 0xed, 0xfe])), 'executable');
  t.is(typeOf(bytes([0xca, 0xfe, 0xba, 0xbe])), 'executable');
  t.is(typeOf(bytes('#!/usr/bin/env python\n'), 'txt'), 'executable');
  t.is(typeOf(bytes([0], 'asm', [1, 0, 0, 0])), 'executable');
  t.is(typeOf(bytes('PK', [3, 4], Array(22).fill(0), [8, 0, 0, 0], 'evil.exe')), 'unknown');
  t.is(typeOf(bytes([0, 1, 2, 3, 250, 251])), 'unknown');
  t.is(typeOf(new Uint8Array(0)), 'unknown');
});

test('OLE2 containers are accepted only as the Office documents and Outlook messages they claim to be', (t) => {
  const ole = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  t.is(typeOf(ole, 'msg'), 'application/vnd.ms-outlook');
  t.is(typeOf(ole, 'xls'), 'application/vnd.ms-excel');
  t.is(typeOf(ole, 'msi'), 'unknown');
});

test('a multi-byte character cut by the end of the head is still text; cut inside a complete file it is not', (t) => {
  const text = Buffer.from(`${'a'.repeat(SNIFF_BYTES - 1)}é`, 'utf8').subarray(0, SNIFF_BYTES);
  t.is(sniffContent(text, false, '').kind, 'known');
  t.is(sniffContent(text, true, '').kind, 'unknown');
});

test('file names lose paths, invisible and reserved characters, and gain the extension of their bytes', (t) => {
  const jpeg = ['jpg', 'jpeg'];
  t.is(safeFileName('C:\\Users\\ada\\roof.JPG', jpeg), 'roof.JPG');
  t.is(safeFileName('../../etc/passwd', jpeg), 'passwd.jpg');
  t.is(safeFileName('roof\u202Egpj.exe', jpeg), 'roofgpj.exe.jpg', 'a right-to-left override cannot disguise the extension');
  t.is(safeFileName('  a\tb\r\nc  .jpg', jpeg), 'a b c.jpg');
  t.is(safeFileName('what?<is>*this|"', ['pdf']), 'what__is__this__.pdf');
  t.is(safeFileName('...hidden', ['txt']), 'hidden.txt');
  t.is(safeFileName('CON.pdf', ['pdf']), '_CON.pdf');
  t.is(safeFileName(null, ['pdf']), 'attachment.pdf');
  t.is(safeFileName('\u0000\u0007', ['pdf']), 'attachment.pdf');
  t.is(safeFileName('e\u0301te\u0301.pdf', ['pdf']), 'été.pdf', 'names are kept in NFC');
  const long = safeFileName(`${'日本'.repeat(500)}.pdf`, ['pdf']);
  t.true(Buffer.byteLength(long) <= MAX_FILE_NAME_BYTES);
  t.true(long.endsWith('.pdf'));
  t.false(long.includes('\uFFFD'), 'never cut inside a character');
  t.is(extensionOf('archive.tar.GZ'), 'gz');
  t.is(extensionOf('.bashrc'), '');
});
