import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { POLICY_LIFECYCLE, policyChangedMeanwhile, type Policy } from '../../core/policy/policy.ts';
import { today, yearOf } from '../../core/shared/calendar-date.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { aggregateFlag, daFlags } from '../../core/underwriting/delegated-authority.ts';
import { chargeTermsFor, placementOf } from '../../core/underwriting/charge-terms.ts';
import { rateOnVersion, rateVersionOn } from '../../core/underwriting/rate-manual.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import { assertRenewalWindow } from '../../core/underwriting/term-dates.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { WrittenPremiumCounter } from '../underwriting/underwriting.repositories.ts';
import { issuePolicy, type IssuanceDeps } from './policy-issuance.ts';

/**
 * The next term of an expiring policy, re-rated on the rate tables in force on its effective date and within delegated
 * authority: the expiring policy is claimed first (renewed once), then the aggregate reserved,
 * then the renewal issued; a refusal gives back what was taken.
 */
export const issueRenewal = async (
  deps: IssuanceDeps & { readonly writtenPremium: WrittenPremiumCounter; readonly reference: UnderwritingReferenceData; readonly programs: Programs },
  actor: Principal,
  policy: Policy,
  plan?: InstallmentPlan,
): Promise<{ expiring: Policy; renewal: Policy }> => {
  const { orgId } = policy;
  const step = assertTransition(POLICY_LIFECYCLE, 'renew', policy.status);
  if (policy.renewedBy) throw new DomainError('invalid_transition', 'The policy has already been renewed.', { renewedBy: policy.renewedBy });
  assertRenewalWindow(policy.expirationDate, today(deps.clock.now(orgId)));
  const risk: CompleteRisk = { ...policy.risk, effectiveDate: policy.expirationDate };
  // A renewal is a new term: written under the organization's program for the risk today, priced
  // on that program's rate table version or the one in force on the renewal's effective date.
  const program = await deps.programs.forRisk(orgId, risk);
  const manual = deps.reference.rateManual();
  const rateTableVersion = program.rateTableVersion ?? rateVersionOn(manual, risk.effectiveDate);
  const premium = rateOnVersion(manual, rateTableVersion, risk).grossPremium;
  const year = yearOf(risk.effectiveDate);
  const written = await deps.writtenPremium.written(orgId, program.id, year);
  const flags = daFlags(risk, premium, program, written);
  if (flags.length > 0) throw new DomainError('not_bindable', 'The renewal is outside delegated authority.', { daFlags: flags });
  const renewalId = deps.ids.next('pol');
  const claimed = await deps.policies.change(policy, step, { renewedBy: renewalId }, [], deps.clock.now(orgId));
  if (!claimed) throw policyChangedMeanwhile();
  if (!(await deps.writtenPremium.reserve(orgId, program.id, year, premium, program.aggregateCap))) {
    await deps.policies.change(claimed, step, { renewedBy: null }, [], deps.clock.now(orgId));
    throw new DomainError('not_bindable', 'The renewal would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, premium)] });
  }
  const { policy: renewal } = await issuePolicy(deps, {
    policyId: renewalId,
    orgId,
    submissionId: policy.submissionId,
    quoteId: null,
    risk,
    contactEmail: policy.contactEmail,
    producerId: policy.producerId,
    premium,
    effectiveDate: risk.effectiveDate,
    plan: plan ?? policy.installmentPlan,
    programId: program.id,
    programVersion: program.orgId ? program.version : null,
    rateTableVersion,
    // A new term is placed anew: today's fee and the home state's rates.
    chargeTerms: chargeTermsFor(program, placementOf(risk), deps.reference.taxSchedules()),
    renewalOf: policy.id,
    actor: describeActor(actor),
    transaction: 'renewal',
  });
  return { expiring: claimed, renewal };
};
