import test from 'ava';
import {
  netOf,
  ratesFor,
  reversalFor,
  splitPremium,
  validateSchedule,
  type Commission,
  type CommissionReversal,
  type CommissionSchedule,
} from '../../core/billing/commission.ts';
import { assertBalanced, premiumCollectionLines, premiumRefundLines, totals } from '../../core/billing/ledger.ts';
import { financialIncident } from '../../core/billing/financial-incident.ts';
import { receiptPath, renderReceipt } from '../../core/billing/receipt.ts';
import { cents } from '../../core/shared/money.ts';
import { LINES_OF_BUSINESS } from '../../core/underwriting/reference-data.ts';
import { FixtureReferenceData } from '../../adapters/reference-data/fixture-reference-data.ts';

const standard = { agentRateBps: 1000, mgaRateBps: 500 };

// [gross premium in cents, rates, agent, MGA, carrier net]
const SPLITS: [number, { agentRateBps: number; mgaRateBps: number }, number, number, number][] = [
  [1_000_000, standard, 100_000, 50_000, 850_000],
  [123_457, standard, 12_346, 6_173, 104_938],
  [1, standard, 0, 0, 1],
  [7, { agentRateBps: 3333, mgaRateBps: 3333 }, 2, 2, 3],
  [99_999, { agentRateBps: 1250, mgaRateBps: 750 }, 12_500, 7_500, 79_999],
  [250_001, { agentRateBps: 1500, mgaRateBps: 1000 }, 37_500, 25_000, 187_501],
  [500_000, { agentRateBps: 0, mgaRateBps: 0 }, 0, 0, 500_000],
];

for (const [gross, rates, agent, mga, carrier] of SPLITS) {
  test(`split of ${gross} cents at ${rates.agentRateBps}/${rates.mgaRateBps} bps`, (t) => {
    const split = splitPremium(cents(gross), rates);
    t.deepEqual(split, { grossPremium: gross, agentCommission: agent, mgaCommission: mga, carrierNet: carrier });
    t.is(split.agentCommission + split.mgaCommission + split.carrierNet, gross);
  });
}

test('every split sums to the cent, over many odd premiums', (t) => {
  for (let gross = 1; gross < 200_000; gross += 997) {
    for (const rates of [standard, { agentRateBps: 1250, mgaRateBps: 750 }, { agentRateBps: 1500, mgaRateBps: 1000 }]) {
      const split = splitPremium(cents(gross), rates);
      t.is(split.agentCommission + split.mgaCommission + split.carrierNet, gross);
      t.true(Math.abs(split.agentCommission - (gross * rates.agentRateBps) / 10_000) < 1);
    }
  }
});

test('the schedule gives a tier per line of business; a broken schedule is refused at load', (t) => {
  const schedule = new FixtureReferenceData().commissionSchedule();
  t.deepEqual(ratesFor(schedule, 'GL'), { tier: 'standard', rates: standard });
  t.is(ratesFor(schedule, 'CYBER').tier, 'specialty');
  const over: CommissionSchedule = {
    tiers: { x: { agentRateBps: 9000, mgaRateBps: 2000 } },
    linesOfBusiness: { GL: 'x', PROPERTY: 'x', AUTO: 'x', CYBER: 'x', PL: 'x' },
  };
  t.throws(() => validateSchedule(over, LINES_OF_BUSINESS), { message: /invalid rates/ });
  const gap = { tiers: { x: standard }, linesOfBusiness: { GL: 'x', PROPERTY: 'y' } } as unknown as CommissionSchedule;
  t.throws(() => validateSchedule(gap, LINES_OF_BUSINESS), { message: /no tier/ });
});

test('the premium collection posting balances and carries the fiduciary split', (t) => {
  const split = splitPremium(cents(123_457), standard);
  const { lines, fiduciarySplit } = premiumCollectionLines(split);
  const { debits, credits } = totals(lines);
  t.is(debits, credits);
  t.is(debits as number, split.grossPremium + split.mgaCommission);
  t.deepEqual(fiduciarySplit, { heldForCarrier: split.carrierNet, heldForProducer: split.agentCommission, earnedByMga: split.mgaCommission });
  const trust = lines.filter((line) => line.account === 'premiumTrustCash').reduce((sum, line) => sum + line.debit - line.credit, 0);
  t.is(trust, split.carrierNet + split.agentCommission, 'the trust account keeps exactly what is owed to others');
});

test('an unbalanced or two-sided entry is refused', (t) => {
  t.throws(
    () =>
      assertBalanced([
        { account: 'premiumTrustCash', debit: cents(100), credit: cents(0) },
        { account: 'carrierPayable', debit: cents(0), credit: cents(99) },
      ]),
    { message: /Unbalanced/ },
  );
  t.throws(() => assertBalanced([{ account: 'premiumTrustCash', debit: cents(100), credit: cents(100) }]), { message: /one-sided/ });
  t.throws(
    () =>
      assertBalanced([
        { account: 'premiumTrustCash', debit: cents(-5), credit: cents(0) },
        { account: 'carrierPayable', debit: cents(0), credit: cents(-5) },
      ]),
    { message: /non-negative/ },
  );
});

test('financial incidents are critical, for manual review, and priority 1 only for ledger sync', (t) => {
  const at = new Date('2026-11-22T00:00:00Z');
  const ledger = financialIncident({ id: 'f1', orgId: 'o', operation: 'ledger_sync', reference: 'pi_1', invoiceId: 'i', error: 'x', at });
  t.like(ledger, { type: 'financial.operation_failed', severity: 'critical', requiresManualReview: true, priority: 1 });
  t.is(financialIncident({ id: 'f2', orgId: 'o', operation: 'commission_calculation', reference: 'pi_1', invoiceId: 'i', error: 'x', at }).priority, 2);
});

test('receipts: stable path per payment, escaped content', (t) => {
  const receivedAt = new Date('2026-11-22T10:00:00.123Z');
  t.is(receiptPath('org_1', 'POL-1-01', receivedAt), `docs/org_1/receipts/RCPT-POL-1-01-${receivedAt.getTime()}.html`);
  const html = renderReceipt({
    invoice: {
      id: 'i',
      orgId: 'o',
      policyId: 'p',
      invoiceNumber: 'POL-1-01',
      kind: 'installment',
      amount: cents(150_000),
      paidAmount: cents(150_000),
      dueDate: '2027-01-01',
      status: 'paid',
      createdAt: receivedAt,
    },
    payment: { id: 'pay', orgId: 'o', invoiceId: 'i', amount: cents(150_000), method: 'card', reference: '<script>x</script>', receivedAt },
    policyNumber: 'POL-1',
  });
  t.true(html.includes('$1,500.00'));
  t.true(html.includes('&lt;script&gt;'));
  t.false(html.includes('<script>'));
});

const commissionOf = (gross: number, rates: { agentRateBps: number; mgaRateBps: number }): Commission => ({
  id: 'com_1',
  orgId: 'o',
  invoiceId: 'i',
  policyId: 'p',
  producerId: 'prd',
  lineOfBusiness: 'AUTO',
  tier: 'preferred',
  rates,
  ...splitPremium(cents(gross), rates),
  reversals: [],
  createdAt: new Date(0),
});

test('refunds reverse commission in proportion, and a whole refund in pieces leaves exactly nothing', (t) => {
  const rates = { agentRateBps: 1250, mgaRateBps: 750 };
  let commission = commissionOf(123_457, rates);
  for (const [index, piece] of [10_001, 33_333, 1, 80_122].entries()) {
    const reversal = reversalFor(commission, cents(piece), `re_${index}`, new Date(0));
    t.truthy(reversal);
    t.is(reversal?.grossPremium as number | undefined, piece);
    commission = { ...commission, reversals: [...commission.reversals, reversal as CommissionReversal] };
    const net = netOf(commission);
    t.deepEqual({ ...net }, { ...splitPremium(net.grossPremium, rates) }, 'what is kept is always the split of the premium kept');
  }
  t.deepEqual({ ...netOf(commission) }, { grossPremium: 0, agentCommission: 0, mgaCommission: 0, carrierNet: 0 });
  t.is(reversalFor(commission, cents(5), 're_more', new Date(0)), null, 'nothing left to reverse');
});

test('a reversal with a rounding correction of the opposite sign still posts balanced lines', (t) => {
  // 20 cents at 12.5% / 7.5% split 3/1/16; 19 cents split 2/2/15: refunding one cent takes one MGA cent back the other way.
  const reversal = reversalFor(commissionOf(20, { agentRateBps: 1250, mgaRateBps: 750 }), cents(1), 're_1', new Date(0)) as CommissionReversal;
  t.like(reversal, { grossPremium: 1, agentCommission: 1, mgaCommission: -1, carrierNet: 1 });
  const { lines, fiduciarySplit } = premiumRefundLines(reversal);
  t.notThrows(() => assertBalanced(lines));
  t.true(lines.every((line) => line.debit >= 0 && line.credit >= 0));
  t.deepEqual(fiduciarySplit, { heldForCarrier: -1, heldForProducer: -1, earnedByMga: 1 });
  const trust = lines.filter((line) => line.account === 'premiumTrustCash').reduce((sum, line) => sum + line.debit - line.credit, 0);
  t.is(trust, -(reversal.carrierNet + reversal.agentCommission), 'the trust account gives back exactly what it held for others');
});
