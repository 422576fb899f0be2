import test from 'ava';
import fc from 'fast-check';
import { LzDictionary, lzDecode, lzEncode, MAX_ENCODED_TEXT_BYTES } from '../../adapters/persistence/sqlite/dictionary-lz.ts';

const invoice = (n: number) =>
  `~,"policyId":"pol_01a21a485b6b004e4fc79f5f${n.toString(16).padStart(4, '0')}","invoiceNumber":"GL-2026-00${n}-12","kind":"installment","amount":6333,"lines":[{"kind":"premium","amount":6333}],"paidAmount":0,"dueDate":"2027-11-26","status":"open"}`;

const dictionaryOf = (text: string) => new LzDictionary(Buffer.from(text, 'utf8'));

test('any text packs and unpacks to itself, whatever the dictionary', (t) => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 600 }), fc.string({ unit: 'binary', maxLength: 2_000 }), (text, sample) => {
      const dictionary = dictionaryOf(sample);
      return lzDecode(dictionary.bytes, lzEncode(dictionary, text)) === text;
    }),
    { numRuns: 400 },
  );
  t.pass();
});

test('texts made of the dictionary’s own pieces, repeated and overlapping, unpack to themselves', (t) => {
  const pieces = ['"status":"open"', 'pol_01a2', '\u00e9t\u00e9', '🙂', 'aaaa', ',', '{"kind":"premium"}'];
  const sample = pieces.join('') + invoice(1);
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces, invoice(2), invoice(3)), { maxLength: 60 }), (parts) => {
      const text = parts.join('');
      const dictionary = dictionaryOf(sample);
      return lzDecode(dictionary.bytes, lzEncode(dictionary, text)) === text;
    }),
    { numRuns: 300 },
  );
  t.pass();
});

test('a document like the dictionary’s packs into a fraction of its bytes', (t) => {
  const dictionary = dictionaryOf(Array.from({ length: 30 }, (_, n) => invoice(n)).join(''));
  const text = invoice(4242);
  const packed = lzEncode(dictionary, text);
  t.true(packed.length * 4 < Buffer.byteLength(text), `${Buffer.byteLength(text)} bytes packed into ${packed.length}`);
  t.is(lzDecode(dictionary.bytes, packed), text);
  t.is(lzDecode(new Uint8Array(), lzEncode(new LzDictionary(new Uint8Array()), text)), text, 'without a dictionary, too');
});

test('the longest text allowed packs and unpacks; a longer one is refused', (t) => {
  const dictionary = dictionaryOf(invoice(1));
  const longest = Array.from({ length: MAX_ENCODED_TEXT_BYTES }, (_, n) => String.fromCharCode(97 + ((n * 7919) % 26))).join('');
  t.is(lzDecode(dictionary.bytes, lzEncode(dictionary, longest)), longest);
  t.throws(() => lzEncode(dictionary, `${longest}x`), { instanceOf: RangeError });
});

test('a damaged packed text is refused, never read outside what it and its dictionary hold', (t) => {
  const dictionary = dictionaryOf(invoice(1));
  const packed = lzEncode(dictionary, invoice(2));
  t.throws(() => lzDecode(dictionary.bytes, Uint8Array.of(0x80, 0xff, 0xff)), { message: /damaged/ }, 'a copy from beyond the dictionary');
  t.throws(() => lzDecode(dictionary.bytes, Uint8Array.of(0x80, 0x00, 0x00)), { message: /damaged/ }, 'a copy from no distance');
  t.throws(() => lzDecode(dictionary.bytes, Uint8Array.of(0x05, 0x41)), { message: /damaged/ }, 'a run cut short');
  t.throws(() => lzDecode(dictionary.bytes, Uint8Array.of(0x81, 0x00)), { message: /damaged/ }, 'a copy cut short');
  t.throws(() => lzDecode(new Uint8Array(), packed), { message: /damaged/ }, 'read without its dictionary');
});
