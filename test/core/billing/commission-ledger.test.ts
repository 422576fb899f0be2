import test from 'ava';
import { ratesFor, splitPremium, validateSchedule } from '../../../core/billing/commission.ts';
import type { CommissionSchedule } from '../../../core/underwriting/commission-and-short-rate.ts';
import { assertBalanced } from '../../../core/billing/ledger.ts';
import { financialIncident } from '../../../core/billing/financial-incident.ts';
import { receiptPath, renderReceipt } from '../../../core/billing/receipt.ts';
import { cents } from '../../../core/shared/money.ts';
import { LINES_OF_BUSINESS } from '../../../core/shared/reference-data.ts';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';

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
      lines: [{ kind: 'premium', amount: cents(150_000) }],
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
