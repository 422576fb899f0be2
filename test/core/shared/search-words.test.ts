import test from 'ava';
import { policySearchTerms } from '../../../core/policy/policy-search.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { queryWords, searchTerms, wordsOf } from '../../../core/shared/search-words.ts';

test('words fold case and accents and split on anything but letters and digits', (t) => {
  t.deepEqual(wordsOf('Café Öl-Co, LLC'), ['cafe', 'ol', 'co', 'llc']);
  t.deepEqual(wordsOf('  Ünïcödé   Straße 12b '), ['unicode', 'straße', '12b']);
  t.deepEqual(searchTerms('Blue Blue Pipe', 'pipe'), ['blue', 'pipe']);
});

test('a policy is found by its name’s words, its number’s parts and the number run together', (t) => {
  t.deepEqual(policySearchTerms({ policyNumber: 'HPL-2027-000123', risk: { insuredName: 'Blue Pipe Plumbing, Inc.' } }), [
    'blue',
    'pipe',
    'plumbing',
    'inc',
    'hpl',
    '2027',
    '000123',
    'hpl2027000123',
  ]);
});

test('a search needs words of two characters or more, at most eight', (t) => {
  t.deepEqual(queryWords('Blue  PI'), ['blue', 'pi']);
  for (const q of ['b', 'blue p', '-- !', 'a b c d e f g h i'.replaceAll(' ', 'x ') + 'yy zz']) {
    const error = t.throws(() => queryWords(q));
    t.true(isDomainError(error) && error.details?.field === 'q', q);
  }
});
