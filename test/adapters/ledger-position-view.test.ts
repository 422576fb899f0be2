import test from 'ava';
import fc from 'fast-check';
import { viewPosition } from '../../adapters/http/billing/billing.views.ts';
import { positionOf } from '../../core/billing/premium-account.ts';
import { CHARGE_KINDS, type PolicyCharges } from '../../core/billing/premium-position.ts';
import { cents } from '../../core/shared/money.ts';

const toCents = (dollars: number): number => Math.round(dollars * 100);

test('a posting’s position names every charge of the schedule, and its parts with what is owed back add up to the cash held, to the cent', (t) => {
  fc.assert(
    fc.property(
      fc.record(Object.fromEntries(CHARGE_KINDS.map((kind) => [kind, fc.integer({ min: 0, max: 5_000_000 })])) as Record<string, fc.Arbitrary<number>>),
      fc.integer({ min: 0, max: 30_000_000 }),
      (owed, cash) => {
        const view = viewPosition(positionOf(cents(cash), owed as unknown as PolicyCharges));
        for (const kind of CHARGE_KINDS) if (!(kind in view)) return false;
        const parts = CHARGE_KINDS.reduce((sum, kind) => sum + toCents((view as Record<string, number>)[kind] as number), 0);
        return parts + toCents(view.owedToInsured) === cash;
      },
    ),
    { numRuns: 300, seed: 20261128 },
  );
  // Kentucky's schedule: a fire marshal tax and a local premium tax beside the surplus lines tax.
  const kentucky = {
    ...Object.fromEntries(CHARGE_KINDS.map((kind) => [kind, cents(0)])),
    premium: cents(2_352_00),
    surplusLinesTax: cents(70_56),
    fireMarshalTax: cents(42_30),
    localPremiumTax: cents(235_00),
  } as PolicyCharges;
  const view = viewPosition(positionOf(cents(2_697_80 + 2_06), kentucky));
  t.like(view, { cashHeld: 2_699.86, premium: 2_352, surplusLinesTax: 70.56, fireMarshalTax: 42.3, localPremiumTax: 235, owedToInsured: 0 });
});
