import { POLICY_LIFECYCLE } from '../../core/policy/policy.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import type { Clock } from '../shared/clock.port.ts';
import { countConcurrently, DAY_WORK_CONCURRENCY } from '../shared/concurrently.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { PolicyRepository } from './policy.repositories.ts';

/**
 * Every term ends: on its expiration date an active term becomes `expired` (`policy.expired`),
 * whether or not it was renewed (a renewal is a new policy). A running notice of cancellation ends
 * with it. Each expiry is a guarded write: once, whatever the number of processes.
 */
export class PolicyExpiry {
  private readonly deps: { readonly policies: PolicyRepository; readonly ids: IdGenerator; readonly clock: Clock };

  constructor(deps: { readonly policies: PolicyRepository; readonly ids: IdGenerator; readonly clock: Clock }) {
    this.deps = deps;
  }

  /** Expires the organization's terms ending on or before `now`'s date; answers how many. */
  async expireEnded(orgId: string, now: Date): Promise<number> {
    return countConcurrently(await this.deps.policies.expiringBy(orgId, today(now)), DAY_WORK_CONCURRENCY, async (policy) => {
      const { id: policyId, policyNumber, expirationDate, renewedBy } = policy;
      const event = domainEvent('policy.expired', { policyId, policyNumber, expirationDate, renewedBy }, eventOrigin(this.deps, orgId, now));
      return (await this.deps.policies.change(policy, transition(POLICY_LIFECYCLE, 'expire'), { delinquency: null }, [event], now)) !== null;
    });
  }
}
