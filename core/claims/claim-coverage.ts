import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';

interface CoveredTerm {
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly cancellation: { readonly effectiveDate: CalendarDate } | null;
}

/**
 * A loss is covered on the days the policy was in force: from its effective date, up to its
 * expiration or, once cancelled, its cancellation date (neither day included).
 */
export const assertLossCovered = (policy: CoveredTerm, lossDate: CalendarDate): void => {
  const end = policy.cancellation?.effectiveDate ?? policy.expirationDate;
  if (compareDates(lossDate, policy.effectiveDate) < 0 || compareDates(lossDate, end) >= 0) {
    throw new DomainError('loss_outside_coverage', `The loss date ${lossDate} is outside the policy's covered period ${policy.effectiveDate} to ${end}.`, {
      lossDate,
      coveredFrom: policy.effectiveDate,
      coveredUntil: end,
    });
  }
};
