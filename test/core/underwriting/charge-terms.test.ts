import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { chargeTermsFor, issuanceCharges } from '../../../core/underwriting/charge-terms.ts';
import { cents } from '../../../core/shared/money.ts';
import { US_STATES } from '../../../core/shared/reference-data.ts';

const data = new FixtureReferenceData();
const taxes = data.surplusLinesTaxes();

test('every state has a surplus lines tax and stamping fee in the fixtures', (t) => {
  for (const state of US_STATES) t.truthy(taxes[state], state);
  t.deepEqual(taxes.CA, { taxPercent: 3, stampingFeePercent: 0.18 });
});

test('an admitted program charges its policy fee alone; a surplus lines program adds the home state’s rates', (t) => {
  t.deepEqual(chargeTermsFor(data.defaultProgram(), 'CA', taxes), { policyFee: cents(0), taxState: null, surplusLinesTaxRate: 0, stampingFeeRate: 0 });
  const surplus = data.platformProgram('excess-and-surplus')!;
  t.deepEqual(chargeTermsFor(surplus, 'IL', taxes), { policyFee: cents(250_00), taxState: 'IL', surplusLinesTaxRate: 3500, stampingFeeRate: 75 });
  t.throws(() => chargeTermsFor(surplus, 'PR', taxes), { message: /no rates for PR/ });
});

test('taxes are exact to the cent, rounded half away from zero so a return mirrors its charge', (t) => {
  const il = chargeTermsFor(data.platformProgram('excess-and-surplus')!, 'IL', taxes);
  // $1,234.57 x 3.5 % = $43.20995; x 0.075 % = $0.92592750
  t.deepEqual(issuanceCharges(cents(1234_57), il), { policyFee: cents(250_00), surplusLinesTax: cents(43_21), stampingFee: cents(93) });
  t.deepEqual(issuanceCharges(cents(-1234_57), { ...il, policyFee: cents(0) }), {
    policyFee: cents(0),
    surplusLinesTax: cents(-43_21),
    stampingFee: cents(-93),
  });
});
