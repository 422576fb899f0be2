import test from 'ava';
import { firstUnsafeString } from '../../adapters/http/shared/text-input.ts';

test('the first unsafe string is named by its path, at any depth, in arrays and in keys', (t) => {
  t.is(firstUnsafeString({ id: 'pol_1', orgId: 'org_1' }), null);
  t.is(firstUnsafeString({}), null);
  t.is(firstUnsafeString(42), null);
  t.is(firstUnsafeString('line\u202Eevil'), '');
  t.is(firstUnsafeString({ name: 'bad\u0000' }), 'name');
  t.is(firstUnsafeString({ insured: { address: { street: 'ok', city: 'x\u0007' } } }), 'insured.address.city');
  t.is(firstUnsafeString({ items: ['fine', { note: 'a\uD800' }] }), 'items.1.note');
  t.is(firstUnsafeString({ list: ['ok', 'b\u0085'] }), 'list.1');
  t.is(firstUnsafeString({ nested: { 'we\u0001ird': 1 } }), 'nested.we?ird');
  t.is(firstUnsafeString({ text: 'two\nlines\tand tabs are text' }), null);
});

test('a deeply nested body is walked without exhausting the stack', (t) => {
  let body: unknown = 'deep\u0000';
  for (let depth = 0; depth < 100_000; depth += 1) body = { a: body };
  t.is(firstUnsafeString(body)?.split('.').length, 100_000);
});
