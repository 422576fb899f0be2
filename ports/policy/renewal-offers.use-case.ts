import { POLICY_LIFECYCLE, type Policy } from '../../core/policy/policy.ts';
import { renewalDecision, type RenewalOffer } from '../../core/policy/renewal-offer.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import { newQuote } from '../../core/underwriting/quote.ts';
import { countConcurrently, DAY_WORK_CONCURRENCY } from '../shared/concurrently.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { priceRenewal } from './policy-renewal.ts';

/** Quotes of renewal offers are made by the service itself. */
const OFFERED_BY = 'renewal offers';

/**
 * Renewal offers (CONTRACT 15): the program's `renewalOfferDays` before a term expires, the next
 * term is quoted on the rates in force on its effective date and checked against delegated
 * authority; the offer (offered, referred or declined) is recorded on the expiring policy with
 * `policy.renewal_offered`, in one guarded write, so each term is offered once.
 */
export class RenewalOffers {
  private readonly deps: LifecycleDeps;

  constructor(deps: LifecycleDeps) {
    this.deps = deps;
  }

  /** Offers the renewal of each active term whose offer day has come; answers how many. */
  async offerDue(orgId: string, now: Date): Promise<number> {
    const on = today(now);
    return countConcurrently(await this.deps.policies.renewalOffersDue(orgId, on), DAY_WORK_CONCURRENCY, (policy) => this.offer(policy, now));
  }

  private async offer(policy: Policy, now: Date): Promise<boolean> {
    const { orgId } = policy;
    const on = today(now);
    if (policy.renewedBy || policy.renewalOffer) {
      // Renewed by hand before its offer day: nothing to offer.
      await this.deps.policies.change(policy, transition(POLICY_LIFECYCLE, 'offer_renewal'), { renewalOfferOn: null }, [], now);
      return false;
    }
    const price = await priceRenewal(this.deps, policy);
    const quote = {
      ...newQuote(
        {
          id: this.deps.ids.next('quo'),
          orgId,
          submissionId: policy.submissionId,
          risk: price.risk,
          grossPremium: price.premium,
          breakdown: price.worksheet,
          daFlags: price.flags,
          programId: price.program.id,
          programVersion: price.program.orgId ? price.program.version : null,
          rateTableVersion: price.rateTableVersion,
          chargeTerms: price.chargeTerms,
          quotedBy: OFFERED_BY,
        },
        now,
        on,
      ),
      // The offer stands until the term it renews has ended.
      validUntil: policy.expirationDate,
    };
    await this.deps.quotes.insert(quote);
    const offer: RenewalOffer = {
      quoteId: quote.id,
      offeredOn: on,
      effectiveDate: price.risk.effectiveDate,
      grossPremium: price.premium,
      decision: renewalDecision(price.flags),
      daFlags: price.flags,
    };
    const event = domainEvent(
      'policy.renewal_offered',
      {
        policyId: policy.id,
        policyNumber: policy.policyNumber,
        quoteId: quote.id,
        effectiveDate: offer.effectiveDate,
        grossPremium: offer.grossPremium,
        decision: offer.decision,
        daFlags: offer.daFlags.map((flag) => flag.code),
        validUntil: quote.validUntil,
      },
      eventOrigin(this.deps, orgId, now),
    );
    const changed = await this.deps.policies.change(
      policy,
      transition(POLICY_LIFECYCLE, 'offer_renewal'),
      { renewalOffer: offer, renewalOfferOn: null },
      [event],
      now,
    );
    if (changed) return true;
    await this.deps.quotes.withdraw(orgId, quote.id);
    return false;
  }
}
