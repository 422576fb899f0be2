import test from 'ava';
import { classification, classify, featuresOf, trainModel } from '../../../core/documents/document-classification.ts';
import { certificateFields, lossRunTotals } from '../../../core/documents/field-extraction.ts';

test('features: lowercase words, numbers as one token, form field names split at underscores; a bounded count', (t) => {
  t.deepEqual(featuresOf('Total PAID: $12,345.00 on 01/02/2026', ['NamedInsured_FullName_A']), [
    'total',
    'paid',
    '#n',
    '#n',
    '#n',
    'on',
    '#n',
    '#n',
    '#n',
    'field:namedinsured',
    'field:fullname',
  ]);
  t.is(featuresOf('word '.repeat(100_000)).length, 5_000);
});

test('a document with no known word is other, at zero confidence; review below 0.75', (t) => {
  const model = trainModel(
    [
      { label: 'invoice', features: ['invoice', 'total', 'due'] },
      { label: 'invoice', features: ['invoice', 'due', 'remit'] },
      { label: 'loss_run', features: ['loss', 'claims', 'paid'] },
      { label: 'loss_run', features: ['loss', 'claims', 'reserve'] },
    ],
    'test',
    20,
  );
  t.deepEqual(classify(model, ['lunch', 'menu']), { type: 'other', confidence: 0, needsReview: true });
  t.like(classify(model, ['invoice', 'due', 'invoice']), { type: 'invoice', needsReview: false });
  t.deepEqual(classification('invoice', 0.7449), { type: 'invoice', confidence: 0.74, needsReview: true });
});

test('fields: loss run totals and the first policy of a certificate', (t) => {
  t.deepEqual(lossRunTotals('Number of claims: 3\nTotal paid: $12,500.00\nTotal reserves: $4,000.50\nTotal incurred: $16,500.50'), {
    claimCount: 3,
    totalPaid: 12_500,
    totalReserves: 4_000.5,
    totalIncurred: 16_500.5,
  });
  t.deepEqual(lossRunTotals('No losses reported.'), {});
  t.deepEqual(
    certificateFields('DATE 11/23/2026 POLICY NUMBER POLICY EFF POLICY EXP LIMITS A General Liability Y POL-2026-000001 12/01/2026 12/01/2027 Each occurrence'),
    {
      policyNumber: 'POL-2026-000001',
      effectiveDate: '2026-12-01',
      expirationDate: '2027-12-01',
    },
  );
});
