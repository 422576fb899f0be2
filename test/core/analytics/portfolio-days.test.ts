import test from 'ava';
import fc from 'fast-check';
import { claimDays, daysMoved, figuresOn, policyDays, policyDaysMoved, type DayChanges, type PortfolioMonth } from '../../../core/analytics/portfolio-days.ts';
import { inForceOn } from '../../../core/analytics/portfolio.ts';
import { premiumTermOf, type Policy } from '../../../core/policy/policy.ts';
import { cancellation, endorsement, premiumAsOf, reinstatement, type PremiumTransaction } from '../../../core/policy/premium.ts';
import { addDays, forEachDay } from '../../../core/shared/calendar-date.ts';
import { cents } from '../../../core/shared/money.ts';
import { aNewPolicy } from '../../support/mothers.ts';

/** Changes as kept rows: a month's figures with their `all` sums, as the store keeps them. */
const asMonths = (changes: DayChanges) =>
  [...changes].map(([month, fields]) => {
    const figures: Record<string, Record<string, number>> = {};
    for (const [field, change] of fields) {
      const [figure, day] = field.split('.') as [string, string];
      const kept = (figures[figure] ??= { all: 0 });
      kept[day] = change;
      kept.all = (kept.all ?? 0) + change;
    }
    return { month, figures: figures as PortfolioMonth };
  });

const SHORT_RATE = [
  [30, 20],
  [90, 40],
  [180, 65],
  [365, 100],
] as const;

type Step = { kind: 'endorse'; day: number; premium: number } | { kind: 'cancel'; day: number; method: 'pro_rata' | 'short_rate' } | { kind: 'reinstate' };

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('endorse' as const), day: fc.integer({ min: 0, max: 400 }), premium: fc.integer({ min: 0, max: 9_000_000 }) }),
    fc.record({
      kind: fc.constant('cancel' as const),
      day: fc.integer({ min: 0, max: 364 }),
      method: fc.constantFrom('pro_rata' as const, 'short_rate' as const),
    }),
    fc.record({ kind: fc.constant('reinstate' as const) }),
  ),
  { maxLength: 5 },
);

/** A policy through generated endorsements, cancellations and reinstatements (the ones its term refuses are skipped). */
const through = (policy: Policy, changes: readonly Step[]): Policy => {
  let current = policy;
  for (const step of changes) {
    const term = premiumTermOf(current);
    let added: PremiumTransaction;
    try {
      if (step.kind === 'endorse') added = endorsement(term, addDays(current.effectiveDate, step.day), cents(step.premium));
      else if (step.kind === 'cancel')
        added = cancellation(term, {
          effectiveDate: addDays(current.effectiveDate, step.day),
          method: step.method,
          shortRate: SHORT_RATE,
          minimumEarnedPercent: 25,
        });
      else added = reinstatement(term);
    } catch {
      continue;
    }
    const cancelled =
      added.type === 'cancellation' ? { effectiveDate: added.effectiveDate, reason: 'underwriting', method: 'pro_rata', returnPremium: cents(0) } : null;
    current = {
      ...current,
      premium: [...term.transactions, added],
      cancellation: added.type === 'reinstatement' ? null : (cancelled ?? current.cancellation),
    } as Policy;
  }
  return current;
};

test('the days from 2027-12-25 on are stepped through the calendar exactly as date arithmetic gives them, across a leap year', (t) => {
  const seen: string[] = [];
  forEachDay('2027-12-25', 800, (month, day) => seen.push(`${month}-${String(day).padStart(2, '0')}`));
  t.deepEqual(
    seen,
    Array.from({ length: 800 }, (_, offset) => addDays('2027-12-25', offset)),
  );
});

test('a policy’s days summed up to any date give its written and earned premium, in force, binding and term as the recount does, every day of its term', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2_000_000_00 }), fc.integer({ min: 0, max: 700 }), steps, fc.boolean(), (premium, startDay, changes, renewal) => {
      const issued = aNewPolicy({ premium, effectiveDate: addDays('2027-01-01', startDay) });
      const policy = through(renewal ? { ...issued, renewalOf: 'pol_0' } : issued, changes);
      const months = asMonths(policyDays(policy));
      for (let offset = -2; offset <= 370; offset += 1) {
        const day = addDays(policy.effectiveDate, offset);
        const started = offset >= 0;
        const figures = started ? premiumAsOf(premiumTermOf(policy), day) : { written: 0, earned: 0 };
        const expected = {
          written: figures.written,
          earned: figures.earned,
          inForce: inForceOn(policy, day) ? 1 : 0,
          bindings: started && !renewal ? 1 : 0,
          losses: 0,
          terms: started ? 1 : 0,
        };
        if (JSON.stringify(figuresOn(months, day)) !== JSON.stringify(expected)) {
          t.log(`${day}: ${JSON.stringify(figuresOn(months, day))} against ${JSON.stringify(expected)}`);
          return false;
        }
      }
      return true;
    }),
    { numRuns: 150, seed: 20261126 },
  );
  t.pass();
});

test('a change moves the kept days by the difference: a claim reserved again, then moved to another date of loss', (t) => {
  const reserved = { lossDate: '2027-03-10', paid: cents(0), reserves: { indemnity: cents(10_000_00), expense: cents(500_00) } };
  const raised = { ...reserved, reserves: { indemnity: cents(12_000_00), expense: cents(500_00) } };
  t.deepEqual([...daysMoved(claimDays(reserved), claimDays(raised))], [['2027-03', new Map([['losses.d10', 2_000_00]])]]);
  const moved = daysMoved(claimDays(raised), claimDays({ ...raised, lossDate: '2027-04-02' }));
  t.deepEqual(figuresOn(asMonths(moved), '2027-03-31').losses, -12_500_00);
  t.deepEqual(figuresOn(asMonths(moved), '2027-04-02').losses, 0);
  t.deepEqual([...daysMoved(claimDays(raised), claimDays(raised))], []);
});

test('a policy change that replaces none of the fields its days come from moves nothing; one that does moves its difference', (t) => {
  const policy = aNewPolicy({ effectiveDate: '2027-01-01' });
  t.deepEqual([...policyDaysMoved(policy, { ...policy, contactEmail: 'new@example.com', status: 'expired' })], []);
  const cancelled = through(policy, [{ kind: 'cancel', day: 181, method: 'pro_rata' }]);
  const moved = asMonths(policyDaysMoved(policy, cancelled));
  t.like(figuresOn(moved, '2027-07-01'), { inForce: -1, bindings: 0 });
  t.deepEqual(figuresOn(moved, '2028-01-01'), {
    written: cancelled.premium.reduce((sum, transaction) => sum + transaction.writtenChange, 0) - policy.grossPremium,
    earned: premiumAsOf(premiumTermOf(cancelled), '2028-01-01').earned - policy.grossPremium,
    inForce: 0,
    bindings: 0,
    losses: 0,
    terms: 0,
  });
});
