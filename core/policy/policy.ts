import type { InstallmentPlan } from '../billing/installment-plan.ts';
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError, validationFailed } from '../shared/domain-error.ts';
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

/** The lifecycle as data: which operations each status allows. */
export const POLICY_TRANSITIONS: Readonly<Record<PolicyStatus, readonly PolicyOperation[]>> = {
  active: ['endorse', 'cancel', 'renew'],
  cancelled: ['reinstate'],
};
export type PolicyOperation = 'endorse' | 'cancel' | 'reinstate' | 'renew';

const PAST_TENSE: Record<PolicyOperation, string> = { endorse: 'endorsed', cancel: 'cancelled', reinstate: 'reinstated', renew: 'renewed' };

export const assertAllowed = (policy: Policy, operation: PolicyOperation): void => {
  if (!POLICY_TRANSITIONS[policy.status].includes(operation)) {
    throw new DomainError('invalid_transition', `A ${policy.status} policy cannot be ${PAST_TENSE[operation]}.`, {
      status: policy.status,
      operation,
    });
  }
};

/** Lifecycle dates must fall inside the policy term (the expiration day itself excluded). */
export const assertWithinTerm = (policy: Policy, date: CalendarDate, field: string): void => {
  if (compareDates(date, policy.effectiveDate) < 0 || compareDates(date, policy.expirationDate) >= 0) {
    throw validationFailed(field, 'within_term', `'${field}' must fall within the policy term ${policy.effectiveDate} to ${policy.expirationDate}.`);
  }
};

export const policyNumberFor = (line: string, year: number, sequence: number): string => `${line}-${year}-${String(sequence).padStart(6, '0')}`;
