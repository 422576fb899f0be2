import test from 'ava';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeOfLine, installmentInvoices, type Invoice } from '../../../core/billing/invoice.ts';
import { billedByKind, billingAdjustment, installmentsVoidedBy, netBilled } from '../../../core/billing/premium-billing.ts';
import { CHARGE_KINDS } from '../../../core/billing/premium-position.ts';
import { chargeItemsOwed, chargesOwed, feesOwed, withCharges } from '../../../core/policy/policy-charges.ts';
import { taxTotal } from '../../../core/underwriting/charge-amounts.ts';
import { REFUND_RULES, ROUNDINGS } from '../../../core/underwriting/tax-schedule.ts';
import type { ChargeComponent, ChargeTerms } from '../../../core/underwriting/charge-terms.ts';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import {
  annualPremiumInForce,
  cancellation,
  earnedBefore,
  endorsement,
  issuance,
  netWritten,
  premiumAsOf,
  reinstatement,
  shortRatePercent,
  termDays,
  writtenThrough,
  type PremiumTerm,
  type PremiumTransaction,
} from '../../../core/policy/premium.ts';
import type { ShortRateTable } from '../../../core/underwriting/commission-and-short-rate.ts';
import { addDays, addMonths, compareDates, daysBetween, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { cents } from '../../../core/shared/money.ts';

const SHORT_RATE = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../fixtures/cancellation/short-rate-table.json'), 'utf8')) as { steps: ShortRateTable }
).steps;

const termFrom = (effectiveDate: CalendarDate, ...transactions: PremiumTransaction[]): PremiumTerm => ({
  effectiveDate,
  expirationDate: addMonths(effectiveDate, 12),
  transactions,
});
const withTransaction = (term: PremiumTerm, transaction: PremiumTransaction): PremiumTerm => ({ ...term, transactions: [...term.transactions, transaction] });
const cancel = (term: PremiumTerm, effectiveDate: CalendarDate, method: 'pro_rata' | 'short_rate' | 'flat', minimumEarnedPercent = 0) =>
  cancellation(term, { effectiveDate, method, shortRate: SHORT_RATE, minimumEarnedPercent });

test('a cancellation returns what the premium history left unearned, whatever came after its date', (t) => {
  // Bind at $2,774 for 2027, endorse from 2027-07-02 to $5,548, cancel pro rata from 2027-02-01.
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(2774_00)));
  const endorsed = withTransaction(bound, endorsement(bound, '2027-07-02', cents(5548_00)));
  t.is(+netWritten(endorsed), 4164_80);
  const cancelled = cancel(endorsed, '2027-02-01', 'pro_rata');
  t.is(+cancelled.writtenChange, -3929_20);
  t.is(+netWritten(withTransaction(endorsed, cancelled)), 235_60);

  // The same with a premium-lowering endorsement: January at $5,548 a year is earned.
  const high = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(5548_00)));
  const lowered = withTransaction(high, endorsement(high, '2027-07-02', cents(2774_00)));
  t.is(+netWritten(lowered), 4157_20);
  t.is(+netWritten(withTransaction(lowered, cancel(lowered, '2027-02-01', 'pro_rata'))), 471_20);

  // A flat cancellation returns everything written, endorsement included, and only at inception.
  t.is(+cancel(endorsed, '2027-01-01', 'flat').writtenChange, -4164_80);
  const late = t.throws(() => cancel(endorsed, '2027-02-01', 'flat'));
  t.true(isDomainError(late) && late.code === 'flat_cancellation_after_inception');
});

test('short rate keeps the standard table percent of the annual premium; the minimum earned premium is a floor', (t) => {
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(3650_00)));
  // 90 days in force: 35 % on the standard table, against 90/365 pro rata.
  t.is(shortRatePercent(SHORT_RATE, 90, 365), 35);
  t.is(+netWritten(withTransaction(bound, cancel(bound, '2027-04-01', 'pro_rata'))), 900_00);
  const shortRate = cancel(bound, '2027-04-01', 'short_rate');
  t.is(+netWritten(withTransaction(bound, shortRate)), 1277_50);
  t.is(Number(shortRate.penalty), 377_50);
  // Ten days in force: pro rata keeps $100, a 25 % minimum earned premium keeps $912.50.
  t.is(+netWritten(withTransaction(bound, cancel(bound, '2027-01-11', 'pro_rata', 25))), 912_50);
  t.is(+netWritten(withTransaction(bound, cancel(bound, '2027-01-11', 'short_rate', 25))), 912_50);
  // Late in the term the table reaches 100 % and nothing is returned beyond what was written.
  t.is(+netWritten(withTransaction(bound, cancel(bound, '2027-12-30', 'short_rate', 25))), 3650_00);
  t.is(shortRatePercent(SHORT_RATE, 0, 365), 0);
  t.is(shortRatePercent(SHORT_RATE, 366, 366), 100);
});

test('an endorsement effective before one already applied is refused as out of sequence', (t) => {
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(2774_00)));
  const endorsed = withTransaction(bound, endorsement(bound, '2027-07-02', cents(5548_00)));
  const error = t.throws(() => endorsement(endorsed, '2027-03-01', cents(3000_00)));
  t.true(isDomainError(error) && error.code === 'out_of_sequence');
  t.notThrows(() => endorsement(endorsed, '2027-07-02', cents(3000_00)));
});

test('reinstatement writes back exactly what the cancellation returned, and the term earns as if never cancelled', (t) => {
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(1000_00)));
  const cancelled = withTransaction(bound, cancel(bound, '2027-05-01', 'short_rate', 25));
  const reinstated = withTransaction(cancelled, reinstatement(cancelled));
  t.is(+netWritten(reinstated), 1000_00);
  t.is(+annualPremiumInForce(reinstated), 1000_00);
  for (const date of ['2027-03-01', '2027-05-01', '2027-09-30', '2028-01-01']) t.is(+earnedBefore(reinstated, date), +earnedBefore(bound, date), date);
});

test('premium as of a date: written, earned through the end of the day, unearned', (t) => {
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(3650_00)));
  t.deepEqual({ ...premiumAsOf(bound, '2026-12-31') } as Record<string, number>, { written: 0, earned: 0, unearned: 0 });
  t.deepEqual({ ...premiumAsOf(bound, '2027-01-31') } as Record<string, number>, { written: 3650_00, earned: 310_00, unearned: 3340_00 });
  t.deepEqual({ ...premiumAsOf(bound, '2027-12-31') } as Record<string, number>, { written: 3650_00, earned: 3650_00, unearned: 0 });
});

test('short rate and the minimum are taken on the premium in force on the cancellation date, not on a later endorsement', (t) => {
  // Bound at $10,237.50 for 2027; endorsed from 2027-07-29 to $30,712.50; cancelled short rate from 2027-04-29.
  const bound = termFrom('2027-01-01', issuance('bind', '2027-01-01', cents(10_237_50)));
  const endorsed = withTransaction(bound, endorsement(bound, '2027-07-29', cents(30_712_50)));
  const onEndorsed = cancel(endorsed, '2027-04-29', 'short_rate');
  const onBound = cancel(bound, '2027-04-29', 'short_rate');
  t.is(onEndorsed.penalty, onBound.penalty, 'the endorsement had not taken effect: the penalty is on $10,237.50');
  t.is(+netWritten(withTransaction(endorsed, onEndorsed)), +netWritten(withTransaction(bound, onBound)), 'the later change is taken back whole');
  // The minimum earned premium, likewise, is a share of what was written by the date.
  const withMinimum = cancel(endorsed, '2027-01-15', 'pro_rata', 25);
  t.is(+netWritten(withTransaction(endorsed, withMinimum)), Math.round(10_237_50 * 0.25));
  // A later decrease does not lower what the penalty is taken on either.
  const lowered = withTransaction(bound, endorsement(bound, '2027-07-29', cents(5_000_00)));
  t.is(cancel(lowered, '2027-04-29', 'short_rate').penalty, onBound.penalty);
});

test('written premium on a date never counts a change before it takes effect, nor its return', (t) => {
  // Bound 2026-12-01; endorsed +$10,321.64 a year from 2027-05-29; cancelled for non-payment from 2026-12-29.
  const bound = termFrom('2026-12-01', issuance('bind', '2026-12-01', cents(9_480_20)));
  const endorsed = withTransaction(bound, endorsement(bound, '2027-05-29', cents(9_480_20 + 10_321_64)));
  const added = endorsed.transactions[1]?.writtenChange ?? cents(0);
  const cancelled = withTransaction(endorsed, cancel(endorsed, '2026-12-29', 'pro_rata'));
  const asOf = premiumAsOf(cancelled, '2026-12-29');
  t.true(asOf.written >= 0 && asOf.unearned === 0, JSON.stringify(asOf));
  t.is(+asOf.written, +earnedBefore(cancelled, '2026-12-30'));
  t.is(writtenThrough(cancelled, '2027-05-28'), asOf.written, 'nothing moves between the cancellation and the endorsement date');
  t.is(writtenThrough(cancelled, '2027-05-29'), asOf.written, 'on its date the endorsement and its return meet');
  t.is(+netWritten(cancelled), +asOf.written);
  t.true(added > 0);
  // Reinstated, the endorsement is written again on its own date.
  const reinstated = withTransaction(cancelled, reinstatement(cancelled));
  t.is(+writtenThrough(reinstated, '2027-05-28'), 9_480_20);
  t.is(+writtenThrough(reinstated, '2027-05-29'), 9_480_20 + added);
});

// ---- Generated lifecycles ------------------------------------------------------------------

type Step =
  | { kind: 'endorse'; day: number; annual: number }
  | { kind: 'cancel'; day: number; method: 'pro_rata' | 'short_rate' | 'flat'; minimum: number }
  | { kind: 'reinstate' }
  | { kind: 'pay'; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('endorse' as const), day: fc.nat({ max: 365 }), annual: fc.integer({ min: 0, max: 500_000_00 }) }),
  fc.record({
    kind: fc.constant('cancel' as const),
    day: fc.nat({ max: 365 }),
    method: fc.constantFrom('pro_rata' as const, 'short_rate' as const, 'flat' as const),
    minimum: fc.constantFrom(0, 25),
  }),
  fc.record({ kind: fc.constant('reinstate' as const) }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/**
 * A policy fee, a plain tax on premium (the `tax` component, 0 % to 6 %, returned pro rata) and up
 * to three other components of any kind a state's schedule may hold: percent or flat, per policy
 * or per filing, on premium or on premium and fees, on a share of it, with any refund rule and rounding.
 */
const componentsOwedOf = (term: PremiumTerm) => feesOwed(term).taxes;

const otherComponent = fc
  .record({
    code: fc.constantFrom('stamping', 'fireMarshal', 'fund', 'local'),
    rate: fc.integer({ min: 0, max: 6000 }),
    flat: fc.option(fc.integer({ min: 1, max: 50_00 }).map(cents), { nil: null }),
    per: fc.constantFrom('policy' as const, 'filing' as const),
    onFees: fc.boolean(),
    share: fc.constantFrom(100_000, 40_000, 0),
    refund: fc.constantFrom(...REFUND_RULES),
    rounding: fc.constantFrom(...ROUNDINGS),
  })
  .map(({ code, rate, flat, ...rest }): ChargeComponent => {
    const payee = ({ stamping: 'stampingFee', fireMarshal: 'fireMarshalTax', fund: 'stateFundFee', local: 'localPremiumTax' } as const)[code];
    return { code, name: code, payee, rate: flat === null ? rate : null, flat, source: 'generated', ...rest };
  });

const generatedChargeTerms: fc.Arbitrary<ChargeTerms> = fc
  .record({
    policyFee: fc.integer({ min: 0, max: 500_00 }).map(cents),
    taxRate: fc.integer({ min: 0, max: 6000 }),
    others: fc.uniqueArray(otherComponent, { maxLength: 3, selector: (component) => component.code }),
  })
  .map(({ policyFee, taxRate, others }) => ({
    policyFee,
    taxState: 'TX',
    components: [
      {
        code: 'tax',
        name: 'tax',
        payee: 'surplusLinesTax',
        rate: taxRate,
        flat: null,
        per: 'policy',
        onFees: false,
        share: 100_000,
        refund: 'pro_rata',
        rounding: 'cent',
        source: 'generated',
      },
      ...others,
    ],
  }));

const lifecycle = fc.record({
  effectiveDate: fc.constantFrom('2027-01-01', '2027-03-01', '2027-11-30', '2028-02-29', '2028-07-15'),
  annual: fc.integer({ min: 1, max: 500_000_00 }),
  plan: fc.constantFrom(...INSTALLMENT_PLANS),
  steps: fc.array(step, { maxLength: 10 }),
  chargeTerms: generatedChargeTerms,
});

/** Premium for the days before `before` at the annual premium in force each day, times the term's days (an exact integer). */
const exactEarnedTimesDays = (term: PremiumTerm, before: CalendarDate): number => {
  const end = compareDates(before, term.expirationDate) < 0 ? before : term.expirationDate;
  const ratings = term.transactions.filter((transaction) => transaction.type !== 'cancellation' && transaction.type !== 'reinstatement');
  let total = 0;
  ratings.forEach((rating, index) => {
    const next = ratings[index + 1]?.effectiveDate ?? term.expirationDate;
    const until = compareDates(next, end) < 0 ? next : end;
    total += rating.annualPremium * Math.max(0, daysBetween(rating.effectiveDate, until));
  });
  return total;
};

test('generated lifecycles: billing always sums to net written premium, fee and taxes line by line, and every term earns exactly what it wrote', (t) => {
  let checked = 0;
  fc.assert(
    fc.property(lifecycle, ({ effectiveDate, annual, plan, steps, chargeTerms }) => {
      const first = issuance('bind', effectiveDate, cents(annual));
      let term = termFrom(effectiveDate, withCharges(termFrom(effectiveDate), first, chargeTerms));
      const charge = (transaction: PremiumTransaction) => withTransaction(term, withCharges(term, transaction, chargeTerms));
      const ids = { next: 0 };
      let invoices: Invoice[] = installmentInvoices(
        { id: 'pol', orgId: 'org', policyNumber: 'GL-1' },
        plan,
        chargeItemsOwed(term, chargeTerms),
        effectiveDate,
        () => `inv${ids.next++}`,
        new Date(),
      );
      let cancelledFrom: CalendarDate | null = null;
      const rebill = () => {
        if (cancelledFrom) {
          const voided = new Set(installmentsVoidedBy(invoices, cancelledFrom));
          invoices = invoices.map((invoice) => (voided.has(invoice.id) ? { ...invoice, status: 'void' as const } : invoice));
        }
        const lines = billingAdjustment(invoices, chargeItemsOwed(term, chargeTerms));
        if (lines.length > 0) {
          const amount = cents(lines.reduce((sum, line) => sum + line.amount, 0));
          invoices.push({
            ...(invoices[0] as Invoice),
            id: `inv${ids.next++}`,
            kind: amount > 0 ? 'adjustment' : 'credit',
            amount,
            lines,
            paidAmount: cents(0),
            status: 'open',
          });
        }
      };
      for (const next of steps) {
        const cancelled = term.transactions.at(-1)?.type === 'cancellation';
        if (next.kind === 'pay') {
          const open = invoices.filter((invoice) => invoice.status === 'open' && invoice.amount > 0);
          const target = open[Math.floor(next.share * open.length)];
          if (target)
            invoices = invoices.map((invoice) => (invoice === target ? { ...invoice, paidAmount: invoice.amount, status: 'paid' as const } : invoice));
          continue;
        }
        if (next.kind === 'reinstate') {
          if (!cancelled) continue;
          const beforeCancellation = chargesOwed({ ...term, transactions: term.transactions.slice(0, -1) });
          term = charge(reinstatement(term));
          cancelledFrom = null;
          // A reinstatement charges back exactly what its cancellation returned, fee and taxes too.
          if (CHARGE_KINDS.some((kind) => chargesOwed(term)[kind] !== beforeCancellation[kind])) return false;
        } else if (cancelled) {
          continue;
        } else if (next.kind === 'endorse') {
          const date = addDays(effectiveDate, next.day % termDays(term));
          try {
            term = charge(endorsement(term, date, cents(next.annual)));
          } catch (error) {
            if (!(isDomainError(error) && error.code === 'out_of_sequence')) throw error;
            continue;
          }
        } else {
          const date = next.method === 'flat' ? effectiveDate : addDays(effectiveDate, next.day % termDays(term));
          const inForce = writtenThrough(term, date);
          const transaction = cancel(term, date, next.method, next.minimum);
          term = charge(transaction);
          // The term keeps at least what it earned before the date, and never more than was written
          // by the date (changes effective later never took effect); on any date, written premium
          // counts no change before it took effect, nor its return.
          const earned = earnedBefore(withTransaction({ ...term, transactions: term.transactions.slice(0, -1) }, transaction), date);
          if (netWritten(term) < earned || netWritten(term) > Math.max(inForce, earned)) return false;
          if (writtenThrough(term, date) !== netWritten(term)) return false;
          if (writtenThrough(term, addDays(date, -1)) !== writtenThrough({ ...term, transactions: term.transactions.slice(0, -1) }, addDays(date, -1)))
            return false;
          cancelledFrom = date;
        }
        rebill();
        const owed = chargesOwed(term);
        const billed = billedByKind(invoices);
        if (netBilled(invoices) !== CHARGE_KINDS.reduce((sum, kind) => sum + owed[kind], 0)) return false;
        if (CHARGE_KINDS.some((kind) => billed[kind] !== owed[kind] || owed[kind] < 0)) return false;
        // Line by line too: each component is billed under its own code, exactly what is owed of it.
        const billedByCode = new Map<string, number>();
        for (const line of invoices.filter((invoice) => invoice.status !== 'void').flatMap((invoice) => invoice.lines))
          billedByCode.set(codeOfLine(line), (billedByCode.get(codeOfLine(line)) ?? 0) + line.amount);
        if (chargeItemsOwed(term, chargeTerms).some((item) => (billedByCode.get(item.code) ?? 0) !== item.amount)) return false;
        // The plain tax follows the net written premium at the term's rate: within a cent per transaction.
        const slack = term.transactions.length;
        const owedByCode = new Map(componentsOwedOf(term).map((tax) => [tax.code, tax.amount]));
        if (Math.abs((owedByCode.get('tax') ?? 0) - (owed.premium * (chargeTerms.components[0]?.rate ?? 0)) / 100_000) > slack) return false;
        // Components are owed by payee: the kinds are the sums of the components.
        if (taxTotal(componentsOwedOf(term)) !== CHARGE_KINDS.reduce((sum, kind) => (kind === 'premium' || kind === 'policyFee' ? sum : sum + owed[kind]), 0))
          return false;
        // A cancellation returning all premium returns the fee and every component but those never returned.
        if (term.transactions.at(-1)?.type === 'cancellation' && owed.premium === 0) {
          if (owed.policyFee !== 0) return false;
          for (const component of chargeTerms.components) if (component.refund !== 'never' && (owedByCode.get(component.code) ?? 0) !== 0) return false;
        }
        // Once the term is over (or cancelled), it has earned exactly its net written premium.
        if (earnedBefore(term, term.expirationDate) !== netWritten(term)) return false;
        if (cancelledFrom && earnedBefore(term, addDays(cancelledFrom, 1)) !== netWritten(term)) return false;
      }
      // Pro rata over the days: within a cent per transaction of the exact figure, on any day.
      if (!term.transactions.some((transaction) => transaction.type === 'cancellation')) {
        const days = termDays(term);
        for (const offset of [0, 1, 45, 180, days - 1, days]) {
          const before = addDays(effectiveDate, offset);
          const exact = exactEarnedTimesDays(term, before) / days;
          if (Math.abs(earnedBefore(term, before) - exact) > term.transactions.length) return false;
        }
      }
      checked += 1;
      return daysBetween(term.effectiveDate, term.expirationDate) >= 365;
    }),
    { seed: 20261122, numRuns: 2_000 },
  );
  t.log(`${checked} generated lifecycles`);
  t.pass();
});
