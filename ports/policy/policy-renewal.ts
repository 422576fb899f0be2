import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { POLICY_LIFECYCLE, policyChangedMeanwhile, type Policy } from '../../core/policy/policy.ts';
import { today, yearOf } from '../../core/shared/calendar-date.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { Cents } from '../../core/shared/money.ts';
import { aggregateFlag, daFlags, type DaFlag, type DaProgram } from '../../core/underwriting/delegated-authority.ts';
import { chargeTermsFor, placementOf, type ChargeTerms } from '../../core/underwriting/charge-terms.ts';
import { collectionTermsOf } from '../../core/underwriting/program-terms.ts';
import { rateOnVersion, rateVersionOn } from '../../core/underwriting/rate-manual.ts';
import type { RatingWorksheet } from '../../core/underwriting/rating.ts';
import { chargeTermsFromStore } from '../../core/underwriting/stored-charges.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import { assertRenewalWindow } from '../../core/underwriting/term-dates.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { QuoteRepository, WrittenPremiumCounter } from '../underwriting/underwriting.repositories.ts';
import { planIssue, type IssuanceDeps } from './policy-issuance.ts';
import { afterChange, lifecycleEntry } from './policy-change.ts';
import { cents } from '../../core/shared/money.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';

export type RenewalDeps = IssuanceDeps & {
  readonly writtenPremium: WrittenPremiumCounter;
  readonly reference: UnderwritingReferenceData;
  readonly programs: Programs;
  readonly quotes: Pick<QuoteRepository, 'findById' | 'bindWrites'>;
};

/** The next term of a policy as priced on its renewal date. */
export interface RenewalPrice {
  readonly risk: CompleteRisk;
  readonly program: DaProgram;
  readonly rateTableVersion: string;
  readonly premium: Cents;
  readonly worksheet: RatingWorksheet;
  readonly flags: readonly DaFlag[];
  readonly chargeTerms: ChargeTerms;
}

/**
 * Prices the next term: written under the organization's program for the risk, on that program's
 * rate table version or the one in force on the renewal's effective date, placed anew (today's
 * fee and the home state's rates), checked against delegated authority for the renewal's year.
 */
export const priceRenewal = async (deps: Omit<RenewalDeps, 'quotes'>, policy: Policy): Promise<RenewalPrice> => {
  const { orgId } = policy;
  const risk: CompleteRisk = { ...policy.risk, effectiveDate: policy.expirationDate };
  const program = await deps.programs.forRisk(orgId, risk);
  const manual = deps.reference.rateManual();
  const rateTableVersion = program.rateTableVersion ?? rateVersionOn(manual, risk.effectiveDate);
  const { grossPremium: premium, worksheet } = rateOnVersion(manual, rateTableVersion, risk);
  const written = await deps.writtenPremium.written(orgId, program.id, yearOf(risk.effectiveDate));
  const flags = daFlags(risk, premium, program, written);
  const chargeTerms = chargeTermsFor(program, placementOf(risk), deps.reference.taxSchedules());
  return { risk, program, rateTableVersion, premium, worksheet, flags, chargeTerms };
};

/** The term as offered, if the policy has an offer: its quote's price, or why it cannot be accepted. */
const offeredPrice = async (deps: RenewalDeps, policy: Policy): Promise<(Omit<RenewalPrice, 'worksheet'> & { quoteId: string }) | null> => {
  const offer = policy.renewalOffer;
  if (!offer) return null;
  if (offer.decision !== 'offered') {
    throw new DomainError(
      'not_bindable',
      `The renewal was ${offer.decision}: ${offer.decision === 'declined' ? 'the program no longer writes the risk' : 'it is outside delegated authority'}.`,
      {
        decision: offer.decision,
        daFlags: offer.daFlags,
      },
    );
  }
  const quote = await deps.quotes.findById(policy.orgId, offer.quoteId);
  if (!quote) return null;
  const program = await deps.programs.program(policy.orgId, quote.programId, quote.programVersion);
  return {
    quoteId: quote.id,
    risk: quote.risk,
    program,
    rateTableVersion: quote.rateTableVersion,
    premium: quote.grossPremium,
    flags: quote.daFlags,
    chargeTerms: chargeTermsFromStore(quote.chargeTerms),
  };
};

/**
 * The next term of an expiring policy: the renewal offer when one was made (its quote's price),
 * else priced now; within delegated authority. One atomic write claims the expiring policy (renewed
 * once: guard `policy_changed`), takes the offer's quote (`quote_taken`), raises the aggregate
 * within its cap (`aggregate_cap`) and issues the renewal; a guard that fails keeps nothing.
 */
export const issueRenewal = async (
  deps: RenewalDeps,
  actor: Principal,
  policy: Policy,
  plan?: InstallmentPlan,
): Promise<{ expiring: Policy; renewal: Policy }> => {
  const { orgId } = policy;
  const step = assertTransition(POLICY_LIFECYCLE, 'renew', policy.status);
  if (policy.renewedBy) throw new DomainError('invalid_transition', 'The policy has already been renewed.', { renewedBy: policy.renewedBy });
  const now = deps.clock.now(orgId);
  assertRenewalWindow(policy.expirationDate, today(now));
  const price = (await offeredPrice(deps, policy)) ?? (await priceRenewal(deps, policy));
  const { program, premium, risk } = price;
  const year = yearOf(risk.effectiveDate);
  if (price.flags.length > 0) throw new DomainError('not_bindable', 'The renewal is outside delegated authority.', { daFlags: price.flags });
  const quoteId = 'quoteId' in price ? price.quoteId : null;
  await deps.writtenPremium.open(orgId, program.id, year);
  const planned = await planIssue(deps, {
    policyId: deps.ids.next('pol'),
    orgId,
    submissionId: policy.submissionId,
    quoteId,
    risk,
    contactEmail: policy.contactEmail,
    producerId: policy.producerId,
    premium,
    effectiveDate: risk.effectiveDate,
    plan: plan ?? policy.installmentPlan,
    programId: program.id,
    programVersion: program.orgId ? program.version : null,
    rateTableVersion: price.rateTableVersion,
    chargeTerms: price.chargeTerms,
    renewalOf: policy.id,
    renewalOfferDays: collectionTermsOf(program).renewalOfferDays,
    carrier: program.insurer,
    actor: describeActor(actor),
    transaction: 'renewal',
  });
  const renewal = planned.policy;
  const claim = { renewedBy: renewal.id };
  const expiring = afterChange(policy, step, claim, now);
  const entry = lifecycleEntry(deps.ids, expiring, now, {
    actor,
    type: 'renewal',
    effectiveDate: policy.expirationDate,
    premiumDelta: cents(0),
    details: { renewalPolicyId: renewal.id, renewalPolicyNumber: renewal.policyNumber },
  });
  try {
    await deps.atomic.commit([
      ...deps.policies.changeWrites(policy, step, claim, [], now),
      deps.transactions.insertWrite(entry),
      ...(quoteId ? deps.quotes.bindWrites(orgId, quoteId, renewal.id, null) : []),
      deps.writtenPremium.addWrite(orgId, program.id, year, premium, program.aggregateCap),
      ...planned.writes,
    ]);
  } catch (error) {
    if (!(error instanceof RequiredWriteUnmatched)) throw error;
    if (error.guard === 'quote_taken') throw new DomainError('invalid_transition', 'The renewal offer was taken by another request.', { quoteId });
    if (error.guard !== 'aggregate_cap') throw policyChangedMeanwhile();
    const written = await deps.writtenPremium.written(orgId, program.id, year);
    throw new DomainError('not_bindable', 'The renewal would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, premium)] });
  }
  return { expiring, renewal };
};
