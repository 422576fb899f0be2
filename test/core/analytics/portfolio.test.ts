import test from 'ava';
import { commissionPeriods, incurredLosses, inForceOn, lossRatio, monthRange, monthsBetween, utilization } from '../../../core/analytics/portfolio.ts';
import { totalsByMonth } from '../../../core/billing/commission-totals.ts';
import { cents } from '../../../core/shared/money.ts';

const term = { effectiveDate: '2027-01-01', expirationDate: '2028-01-01', cancellation: null } as const;

test('in force from the effective date up to, not including, the expiration or cancellation date', (t) => {
  t.false(inForceOn(term, '2026-12-31'));
  t.true(inForceOn(term, '2027-01-01'));
  t.true(inForceOn(term, '2027-12-31'));
  t.false(inForceOn(term, '2028-01-01'));
  const cancelled = { ...term, cancellation: { effectiveDate: '2027-07-01', reason: 'insured_request', method: 'pro_rata', returnPremium: cents(0) } } as const;
  t.true(inForceOn(cancelled, '2027-06-30'));
  t.false(inForceOn(cancelled, '2027-07-01'));
});

test('incurred losses: paid plus both reserves, of losses on or before the date; the loss ratio to four decimals', (t) => {
  const claims = [
    { lossDate: '2027-02-10', paid: cents(875_000), reserves: { indemnity: cents(0), expense: cents(150_050) } },
    { lossDate: '2027-03-05', paid: cents(0), reserves: { indemnity: cents(50_000), expense: cents(5_000) } },
    { lossDate: '2027-05-01', paid: cents(100_000), reserves: { indemnity: cents(0), expense: cents(0) } },
  ];
  // $8,750 + $1,500.50 + $500 + $50 = $10,800.50
  t.is<number, number>(incurredLosses(claims, '2027-04-01'), 1_080_050);
  t.is<number, number>(incurredLosses(claims, '2027-02-09'), 0);
  // $10,800.50 over $36,500 earned = 0.29590...
  t.is(lossRatio(cents(1_080_050), cents(3_650_000)), 0.2959);
  t.is(lossRatio(cents(100), cents(0)), null);
});

test('utilization is written over cap within 0..1, to four decimals', (t) => {
  t.is(utilization(cents(4_300_000), cents(5_000_000)), 0.86);
  t.is(utilization(cents(1), cents(3)), 0.3333);
  t.is(utilization(cents(6_000_000), cents(5_000_000)), 1);
  t.is(utilization(cents(0), cents(5_000_000)), 0);
});

test('commissions by month recorded: every month of the range, across a year end, empty months at zero', (t) => {
  t.deepEqual(monthsBetween('2026-11', '2027-02'), ['2026-11', '2026-12', '2027-01', '2027-02']);
  t.deepEqual(monthRange('2026-11', '2026-12'), { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
  const row = (at: string, agent: number, mga: number, carrier: number) => ({
    createdAt: new Date(at),
    grossPremium: cents(agent + mga + carrier),
    agentCommission: cents(agent),
    mgaCommission: cents(mga),
    carrierNet: cents(carrier),
  });
  const totals = totalsByMonth([
    row('2026-11-30T23:59:59Z', 10_000, 5_000, 85_000),
    row('2026-11-02T00:00:00Z', 1_001, 499, 8_500),
    row('2027-01-01T00:00:00Z', -2_000, -1_000, -17_000),
    row('2027-03-01T00:00:00Z', 1, 1, 1),
  ]);
  t.deepEqual(
    totals.find((total) => total.month === '2026-11'),
    {
      month: '2026-11',
      grossPremium: 110_000,
      agentCommission: 11_001,
      mgaCommission: 5_499,
      carrierNet: 93_500,
    },
  );
  const periods = commissionPeriods(totals, '2026-11', '2027-01');
  t.deepEqual(periods, [
    { period: '2026-11', agentCommission: 11_001, mgaCommission: 5_499, carrierNet: 93_500 },
    { period: '2026-12', agentCommission: 0, mgaCommission: 0, carrierNet: 0 },
    { period: '2027-01', agentCommission: -2_000, mgaCommission: -1_000, carrierNet: -17_000 },
  ]);
});
