import test from 'ava';
import fc from 'fast-check';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { chargedPartsOf } from '../../../core/policy/charged-parts.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../../core/policy/policy.ts';
import { addDays, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { cents } from '../../../core/shared/money.ts';
import type { DaProgram } from '../../../core/underwriting/delegated-authority.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld } from '../../support/use-cases.ts';

/**
 * Generated surplus lines lifecycles (endorse, cancel, reinstate in any order): after every step,
 * for every accounting month and component, the tax reported is the home state's schedule on the
 * premium (and fee, for a component levied on it) reported in that month, within each part's
 * rounding (CONTRACT 18.2).
 */
const ORG = 'org_taxes_by_month';
const STATES = ['AZ', 'NY', 'TX', 'KY', 'FL'] as const;

class SurplusLinesReference extends FixtureReferenceData {
  override defaultProgram(): DaProgram {
    return this.platformProgram('excess-and-surplus') as DaProgram;
  }
}

type Step =
  | { kind: 'endorse'; day: number; revenue: number }
  | { kind: 'cancel'; day: number; reason: 'insured_request' | 'underwriting'; flat: boolean }
  | { kind: 'reinstate' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('endorse' as const), day: fc.integer({ min: 1, max: 360 }), revenue: fc.constantFrom(500_000, 2_000_000, 9_000_000) }),
  fc.record({
    kind: fc.constant('cancel' as const),
    day: fc.integer({ min: 0, max: 360 }),
    reason: fc.constantFrom('insured_request' as const, 'underwriting' as const),
    flat: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reinstate' as const) }),
);

const EXPECTED = new Set(['out_of_sequence', 'invalid_transition', 'flat_cancellation_after_inception', 'not_bindable']);

/** `rate` thousandths of a percent of `amount`. */
const ratePart = (amount: number, rate: number) => (amount * rate) / 100_000;

/** The first month whose tax is not the schedule on its premium, or null. */
const misreported = (policy: Policy): string | null => {
  const terms = chargeTermsOf(policy);
  const months = new Map<string, { written: number; fee: number; parts: number; taxes: Map<string, number> }>();
  for (const part of chargedPartsOf(premiumTermOf(policy).transactions).flat()) {
    const month = months.get(part.accountingMonth) ?? { written: 0, fee: 0, parts: 0, taxes: new Map<string, number>() };
    month.written += part.writtenChange;
    month.fee += part.fees.policyFee;
    month.parts += 1;
    for (const tax of part.fees.taxes) month.taxes.set(tax.code, (month.taxes.get(tax.code) ?? 0) + tax.amount);
    months.set(part.accountingMonth, month);
  }
  for (const [name, month] of months)
    for (const component of terms.components) {
      if (component.rate === null) continue;
      const expected = ratePart(ratePart(month.written, component.share) + (component.onFees ? month.fee : 0), component.rate);
      const unit = component.rounding === 'dollar' ? 100 : 1;
      const reported = month.taxes.get(component.code) ?? 0;
      if (Math.abs(reported - expected) > month.parts * (unit + 1))
        return `${name} ${component.code}: ${reported} reported on ${month.written} written (${expected.toFixed(2)} by the schedule)`;
    }
  return null;
};

test('generated surplus lines lifecycles: every month reports the schedule’s tax on the premium it reports', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...STATES), fc.array(step, { minLength: 1, maxLength: 5 }), async (state, steps) => {
      runs += 1;
      const { policy } = await aBoundPolicy(world, ORG, {
        risk: aRisk({ insuredName: `Taxed ${runs}`, state, effectiveDate: '2027-01-01', ...(state === 'KY' ? { locality: 'ALBANY' } : {}) }),
        plan: 'PIF',
      });
      const on = (day: number): CalendarDate => addDays(policy.effectiveDate, day);
      for (const next of steps) {
        try {
          if (next.kind === 'endorse')
            await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: on(next.day), changes: { annualRevenue: cents(next.revenue * 100) } });
          else if (next.kind === 'cancel')
            await lifecycle.cancel(MACHINE, ORG, policy.id, {
              effectiveDate: next.flat ? policy.effectiveDate : on(next.day),
              reason: next.reason,
              ...(next.flat ? { method: 'flat' as const } : {}),
            });
          else await lifecycle.reinstate(MACHINE, ORG, policy.id);
        } catch (error) {
          if (!(isDomainError(error) && EXPECTED.has(error.code))) throw error;
        }
        const broken = misreported((await lifecycle.get(ORG, policy.id)) as Policy);
        if (broken) {
          t.log(`${state} ${JSON.stringify(steps)}: ${broken}`);
          return false;
        }
      }
      return true;
    }),
    { numRuns: Number(process.env.TAX_RUNS ?? 40), seed: Number(process.env.TAX_SEED ?? 20261128) },
  );
  t.true(runs >= 40, `${runs} generated surplus lines lifecycles`);
});
