import { domainEvent } from '../../core/shared/events/domain-event.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { feesOf, withCharges } from '../../core/policy/policy-charges.ts';
import {
  assertWithinTerm,
  chargeTermsOf,
  POLICY_LIFECYCLE,
  premiumTermOf,
  REINSTATEMENT_WINDOW_DAYS,
  type CancellationReason,
  type Policy,
} from '../../core/policy/policy.ts';
import { cancellation as cancellationOf, reinstatement, type CancellationMethod } from '../../core/policy/premium.ts';
import { addDays, compareDates, today, yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { cents, centsToDollars } from '../../core/shared/money.ts';
import { aggregateFlag } from '../../core/underwriting/delegated-authority.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { assertNoLossLeftUncovered, type CoverOverride } from './losses-in-period.ts';
import { rebillWrites } from './policy-rebilling.ts';
import { afterChange, commitChange, lifecycleEntry } from './policy-change.ts';
import { billedPolicy } from './billed-policies.use-case.ts';
import { changeDocumentWrite } from './change-documents.ts';
import { eventOrigin } from '../shared/event-origin.ts';

export interface CancellationInput {
  readonly effectiveDate: CalendarDate;
  readonly reason: CancellationReason;
  readonly method?: CancellationMethod;
  /** Cancel even though losses are reported on or after the date (an underwriter's decision, audited). */
  readonly override?: CoverOverride;
}

/**
 * Cancels a policy from a date within its term: the premium kept per the method and the program's
 * minimum earned premium, the fee and taxes returned in the same proportion as the premium, the
 * aggregate given back, unpaid installments from the date voided, one adjustment for the rest,
 * and the books posted.
 */
export const cancelPolicy = async (deps: LifecycleDeps, actor: Principal, policy: Policy, input: CancellationInput): Promise<Policy> => {
  const { orgId, id } = policy;
  const step = assertTransition(POLICY_LIFECYCLE, 'cancel', policy.status);
  assertWithinTerm(policy, input.effectiveDate, 'effectiveDate');
  const overridden = await assertNoLossLeftUncovered(deps, actor, policy, input.effectiveDate, input.override);
  // From the term's first day nothing was in force: flat, whatever the method asked (CONTRACT 18.3).
  const method = input.effectiveDate === policy.effectiveDate ? 'flat' : (input.method ?? (input.reason === 'insured_request' ? 'short_rate' : 'pro_rata'));
  const effectiveDate = input.effectiveDate;
  const term = premiumTermOf(policy);
  // The minimum earned premium of the program's terms when the policy was written.
  const program = await deps.programs.program(orgId, policy.programId, policy.programVersion);
  // Non-payment and underwriting cancellations are the carrier's doing: pro rata, no minimum kept.
  const premiumChange = cancellationOf(term, {
    effectiveDate,
    method,
    shortRate: deps.reference.shortRateTable(),
    minimumEarnedPercent: input.reason === 'insured_request' ? program.minimumEarnedPremiumPercent : 0,
  });
  const transaction = { ...withCharges(term, premiumChange, chargeTermsOf(policy)), ...(await deps.periods.booking(orgId, effectiveDate)) };
  const returned = cents(-transaction.writtenChange);
  const at = deps.clock.now(orgId);
  const cancellation = { effectiveDate, reason: input.reason, method, returnPremium: returned, processedOn: today(at) };
  // A cancellation, for whatever reason, ends a running notice of cancellation.
  const changes = { cancellation, premium: [...term.transactions, transaction], ...(policy.delinquency ? { delinquency: null } : {}) };
  const event = domainEvent(
    'policy.cancelled',
    { policyId: id, policyNumber: policy.policyNumber, effectiveDate, reason: input.reason, method, returnPremium: returned },
    eventOrigin(deps, orgId, at),
  );
  const after = afterChange(policy, step, changes, at);
  await deps.writtenPremium.open(orgId, policy.programId, yearOf(policy.effectiveDate));
  const entry = lifecycleEntry(deps.ids, after, at, {
    actor,
    type: 'cancellation',
    effectiveDate,
    premiumDelta: cents(-returned),
    details: { reason: input.reason, method, returnPremium: centsToDollars(returned) },
  });
  await commitChange(deps.atomic, [
    ...deps.policies.changeWrites(policy, step, changes, [event], at),
    ...overridden,
    deps.writtenPremium.addWrite(orgId, policy.programId, yearOf(policy.effectiveDate), cents(-returned)),
    ...(await rebillWrites(deps, after, effectiveDate, effectiveDate)),
    ...(
      await deps.books.changeWrites(billedPolicy(after), {
        invoiceId: null,
        reference: `cancellation:${id}`,
        description: `Cancellation of ${policy.policyNumber} from ${effectiveDate}`,
      })
    ).writes,
    deps.transactions.insertWrite(entry),
    await changeDocumentWrite(deps, 'cancellation', after, entry.id, {
      effectiveDate,
      changes: [{ label: 'Status', from: 'in force', to: `cancelled (${input.reason.replaceAll('_', ' ')}, ${method.replace('_', ' ')})` }],
      premiumChange: cents(-returned),
      charges: feesOf(transaction),
    }),
  ]);
  await deps.credits.applyOpenCredits(actor, orgId, id);
  return after;
};

/** Restores a cancelled policy within the reinstatement window, charging back what the cancellation returned. */
export const reinstatePolicy = async (deps: LifecycleDeps, actor: Principal, policy: Policy): Promise<Policy> => {
  const { orgId, id } = policy;
  const step = assertTransition(POLICY_LIFECYCLE, 'reinstate', policy.status);
  const cancellation = policy.cancellation;
  if (!cancellation) throw new DomainError('invalid_transition', 'The policy has no cancellation to reverse.');
  const deadline = addDays(cancellation.processedOn ?? cancellation.effectiveDate, REINSTATEMENT_WINDOW_DAYS);
  if (compareDates(today(deps.clock.now(orgId)), deadline) > 0) {
    throw new DomainError('invalid_transition', `The reinstatement window closed on ${deadline}.`, { deadline });
  }
  const year = yearOf(policy.effectiveDate);
  const program = await deps.programs.program(orgId, policy.programId);
  const term = premiumTermOf(policy);
  const reinstated = reinstatement(term);
  const transaction = { ...withCharges(term, reinstated, chargeTermsOf(policy)), ...(await deps.periods.booking(orgId, reinstated.effectiveDate)) };
  const charged = transaction.writtenChange;
  const at = deps.clock.now(orgId);
  const changes = { cancellation: null, premium: [...term.transactions, transaction] };
  const event = domainEvent(
    'policy.reinstated',
    {
      policyId: id,
      policyNumber: policy.policyNumber,
      cancellationEffectiveDate: cancellation.effectiveDate,
      premiumCharged: charged,
      grossPremium: policy.grossPremium,
    },
    eventOrigin(deps, orgId, at),
  );
  const after = afterChange(policy, step, changes, at);
  const entry = lifecycleEntry(deps.ids, after, at, {
    actor,
    type: 'reinstatement',
    effectiveDate: cancellation.effectiveDate,
    premiumDelta: charged,
    details: { reversedCancellation: cancellation.effectiveDate },
  });
  await deps.writtenPremium.open(orgId, policy.programId, year);
  const capRefusal = async () => {
    const written = await deps.writtenPremium.written(orgId, policy.programId, year);
    return new DomainError('not_bindable', 'Reinstating would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, charged)] });
  };
  await commitChange(
    deps.atomic,
    [
      ...deps.policies.changeWrites(policy, step, changes, [event], at),
      deps.writtenPremium.addWrite(orgId, policy.programId, year, charged, program.aggregateCap),
      ...(await rebillWrites(deps, after, null, today(at))),
      ...(
        await deps.books.changeWrites(billedPolicy(after), {
          invoiceId: null,
          reference: `reinstatement:${id}`,
          description: `Reinstatement of ${policy.policyNumber}`,
        })
      ).writes,
      deps.transactions.insertWrite(entry),
      await changeDocumentWrite(deps, 'reinstatement', after, entry.id, {
        effectiveDate: cancellation.effectiveDate,
        changes: [{ label: 'Status', from: `cancelled from ${cancellation.effectiveDate}`, to: 'in force, without a lapse' }],
        premiumChange: charged,
        charges: feesOf(transaction),
      }),
    ],
    capRefusal,
  );
  await deps.credits.applyOpenCredits(actor, orgId, id);
  return after;
};
