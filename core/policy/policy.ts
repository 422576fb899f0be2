import type { InstallmentPlan } from '../billing/installment-plan.ts';
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { validationFailed } from '../shared/domain-error.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import type { Cents } from '../shared/money.ts';
import type { CompleteRisk } from '../underwriting/submission.ts';
import type { CancellationMethod } from './proration.ts';

export const POLICY_STATUSES = ['active', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const CANCELLATION_REASONS = ['insured_request', 'non_payment', 'underwriting', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** Days after a cancellation's effective date during which it may be reinstated. */
export const REINSTATEMENT_WINDOW_DAYS = 30;

export interface Cancellation {
  readonly effectiveDate: CalendarDate;
  readonly reason: CancellationReason;
  readonly method: CancellationMethod;
  readonly returnPremium: Cents;
}

export interface Policy {
  readonly id: string;
  readonly orgId: string;
  readonly policyNumber: string;
  readonly submissionId: string;
  readonly quoteId: string | null;
  readonly risk: CompleteRisk;
  readonly contactEmail: string | null;
  readonly producerId: string | null;
  /** Current annual premium, endorsements included. */
  readonly grossPremium: Cents;
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly status: PolicyStatus;
  readonly installmentPlan: InstallmentPlan;
  readonly cancellation: Cancellation | null;
  readonly renewalOf: string | null;
  readonly renewedBy: string | null;
  readonly programId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

/**
 * An endorsement and a renewal leave the policy active (a renewal is a new policy linked to this
 * one); a cancellation can be reversed by reinstatement within its window.
 */
export const POLICY_LIFECYCLE = lifecycle({
  subject: 'policy',
  statuses: POLICY_STATUSES,
  moves: {
    endorse: { from: ['active'], to: 'active' },
    cancel: { from: ['active'], to: 'cancelled' },
    reinstate: { from: ['cancelled'], to: 'active' },
    renew: { from: ['active'], to: 'active' },
  },
});
export type PolicyMove = keyof typeof POLICY_LIFECYCLE.moves;

/** Lifecycle dates must fall inside the policy term (the expiration day itself excluded). */
export const assertWithinTerm = (policy: Policy, date: CalendarDate, field: string): void => {
  if (compareDates(date, policy.effectiveDate) < 0 || compareDates(date, policy.expirationDate) >= 0) {
    throw validationFailed(field, 'within_term', `'${field}' must fall within the policy term ${policy.effectiveDate} to ${policy.expirationDate}.`);
  }
};

export const policyNumberFor = (line: string, year: number, sequence: number): string => `${line}-${year}-${String(sequence).padStart(6, '0')}`;
