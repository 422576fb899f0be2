import test from 'ava';
import fc from 'fast-check';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { PAYABLE_OF, positionChange, positionOf } from '../../../core/billing/premium-account.ts';
import { EMPTY_POSITION } from '../../../core/billing/premium-position.ts';
import { chargesOwed, feesOf, feesOwed, withCharges } from '../../../core/policy/policy-charges.ts';
import { cancellation, issuance, netWritten, type PremiumTerm, type PremiumTransaction } from '../../../core/policy/premium.ts';
import { amountsByPayee, taxTotal } from '../../../core/underwriting/charge-amounts.ts';
import { chargeTermsFor, type ChargeComponent } from '../../../core/underwriting/charge-terms.ts';
import { TAX_KINDS } from '../../../core/underwriting/tax-schedule.ts';
import { addDays, addMonths, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { cents, type Cents } from '../../../core/shared/money.ts';
import { HOME_STATES, LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';

const data = new FixtureReferenceData();
const schedules = data.taxSchedules();
const surplus = data.platformProgram('excess-and-surplus')!;
const SHORT_RATE = data.shortRateTable();
const KY_LOCALITIES = Object.keys(schedules.localities.KY ?? {});
const rates = { agentRateBps: 1250, mgaRateBps: 750 };

const termOf = (effectiveDate: CalendarDate, transactions: PremiumTransaction[]): PremiumTerm => ({
  effectiveDate,
  expirationDate: addMonths(effectiveDate, 12),
  transactions,
});

/** What a component charges at issuance, figured apart from the engine: its rule applied to premium (and the fee). */
const expectedIssuance = (component: ChargeComponent, premium: Cents, policyFee: Cents): number => {
  if (component.flat !== null) return component.flat;
  const levied = Math.round((premium * component.share) / 100_000) + (component.onFees ? policyFee : 0);
  const exact = (levied * (component.rate ?? 0)) / 100_000;
  return component.rounding === 'dollar' ? Math.round(exact / 100) * 100 : Math.round(exact);
};

const policyInAnyState = fc.record({
  homeState: fc.constantFrom(...HOME_STATES),
  riskState: fc.constantFrom(...US_STATES),
  sameState: fc.boolean(),
  line: fc.constantFrom(...LINES_OF_BUSINESS),
  locality: fc.constantFrom(...KY_LOCALITIES),
  effectiveDate: fc.constantFrom('2023-06-01', '2024-03-01', '2025-07-15', '2026-12-01', '2027-02-01'),
  premium: fc.integer({ min: 1, max: 500_000_00 }),
  cancel: fc.option(
    fc.record({ method: fc.constantFrom('pro_rata' as const, 'short_rate' as const, 'flat' as const), day: fc.integer({ min: 1, max: 364 }) }),
    {
      nil: null,
    },
  ),
});

test('generated policies in every state: components add up, a cancellation returns exactly the refundable ones, the payables are the sums by payee', (t) => {
  let checked = 0;
  fc.assert(
    fc.property(policyInAnyState, ({ homeState, riskState, sameState, line, locality, effectiveDate, premium, cancel }) => {
      const risk = sameState && (US_STATES as readonly string[]).includes(homeState) ? homeState : riskState;
      const terms = chargeTermsFor(
        surplus,
        { homeState, riskState: risk, locality: homeState === 'KY' ? locality : null, lineOfBusiness: line, effectiveDate },
        schedules,
      );
      const bind = withCharges(termOf(effectiveDate, []), issuance('bind', effectiveDate, cents(premium)), terms);
      let term = termOf(effectiveDate, [bind]);
      // Each component charges its rule; the taxes are their sum; nothing is charged that the schedule does not hold.
      const charged = new Map(feesOf(bind).taxes.map((tax) => [tax.code, tax.amount]));
      for (const component of terms.components)
        if ((charged.get(component.code) ?? 0) !== expectedIssuance(component, cents(premium), terms.policyFee)) return false;
      if ([...charged.keys()].some((code) => !terms.components.some((component) => component.code === code))) return false;

      if (cancel) {
        const date = cancel.method === 'flat' ? effectiveDate : addDays(effectiveDate, cancel.day);
        const before = netWritten(term);
        const transaction = withCharges(
          term,
          cancellation(term, { effectiveDate: date, method: cancel.method, shortRate: SHORT_RATE, minimumEarnedPercent: 0 }),
          terms,
        );
        term = termOf(effectiveDate, [bind, transaction]);
        const returned = new Map(feesOf(transaction).taxes.map((tax) => [tax.code, -tax.amount]));
        const returnsAll = -transaction.writtenChange >= before;
        for (const component of terms.components) {
          const amount = charged.get(component.code) ?? 0;
          const back = returned.get(component.code) ?? 0;
          if (component.refund === 'never' && back !== 0) return false;
          if (component.refund === 'flat_cancel_only' && back !== (returnsAll ? amount : 0)) return false;
          if (component.refund === 'pro_rata' && (back < 0 || back > amount || (returnsAll && back !== amount))) return false;
        }
      }

      // Paid in full: each payee's payable holds exactly the components owed to it.
      const owed = chargesOwed(term);
      const total = cents(owed.premium + owed.policyFee + taxTotal(feesOwed(term).taxes));
      const posted = positionChange(EMPTY_POSITION, positionOf(total, owed), rates).lines;
      const byPayee = amountsByPayee(feesOwed(term).taxes);
      for (const kind of TAX_KINDS) {
        const account = PAYABLE_OF[kind];
        const credited = posted.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.credit - entry.debit, 0);
        if (credited !== byPayee[kind] || owed[kind] !== byPayee[kind]) return false;
      }
      checked += 1;
      return true;
    }),
    { seed: 20261126, numRuns: 3_000 },
  );
  t.log(`${checked} generated policies`);
  t.pass();
});
