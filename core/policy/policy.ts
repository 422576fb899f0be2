import type { InstallmentPlan } from '../billing/installment-plan.ts';
import type { FormReference } from './forms.ts';
import { addMonths, compareDates, yearOf, type CalendarDate } from '../shared/calendar-date.ts';
import { domainEvent, type DomainEvent, type EventOrigin } from '../shared/events/domain-event.ts';
import { changedMeanwhile, DomainError, validationFailed } from '../shared/domain-error.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import type { Cents } from '../shared/money.ts';
import { rateVersionOn, type RateManual } from '../underwriting/rate-manual.ts';
import type { CompleteRisk } from '../underwriting/submission.ts';
import type { ChargeTerms } from '../underwriting/charge-terms.ts';
import { chargeTermsFromStore, type StoredChargeTerms } from '../underwriting/stored-charges.ts';
import { withCharges } from './policy-charges.ts';
import type { Delinquency } from './delinquency.ts';
import { renewalOfferDate, type RenewalOffer } from './renewal-offer.ts';
import { issuance, type CancellationMethod, type PremiumTerm, type PremiumTransaction } from './premium.ts';

export const POLICY_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const CANCELLATION_REASONS = ['insured_request', 'non_payment', 'underwriting', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** Days after a cancellation was processed during which it may be reinstated. */
export const REINSTATEMENT_WINDOW_DAYS = 30;

/** A guarded change of a policy found it changed by another request since it was read. */
export const policyChangedMeanwhile = (): DomainError => changedMeanwhile('policy');

export interface Cancellation {
  readonly effectiveDate: CalendarDate;
  readonly reason: CancellationReason;
  readonly method: CancellationMethod;
  readonly returnPremium: Cents;
  /** The day the cancellation was made (the reinstatement window counts from it). */
  readonly processedOn?: CalendarDate;
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
  /** The term's premium transactions, oldest first (premium.ts). */
  readonly premium: readonly PremiumTransaction[];
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly status: PolicyStatus;
  readonly installmentPlan: InstallmentPlan;
  readonly cancellation: Cancellation | null;
  readonly renewalOf: string | null;
  readonly renewedBy: string | null;
  /** The notice of cancellation for non-payment running against the policy; absent or null: none. */
  readonly delinquency?: Delinquency | null;
  /** The day the next term is to be offered; null once offered (absent on policies issued before offers). */
  readonly renewalOfferOn?: CalendarDate | null;
  /** The next term as offered; absent or null: not yet offered. */
  readonly renewalOffer?: RenewalOffer | null;
  readonly programId: string;
  /** The program's version at placement, whose terms (minimum earned premium, insurer) the term keeps. */
  readonly programVersion: number | null;
  /** The rate manual version the term is priced on; endorsements re-rate on it. */
  readonly rateTableVersion: string;
  /** The term's policy fee and tax components, fixed at placement (policy-charges.ts); read through `chargeTermsOf`. */
  readonly chargeTerms: StoredChargeTerms;
  /** The term's schedule of forms (forms.ts): the editions in force when it began, as its risk calls for them; absent on policies issued before the forms library. */
  readonly forms?: readonly FormReference[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

/**
 * An endorsement and a renewal leave the policy active (a renewal is a new policy linked to this
 * one); a cancellation can be reversed by reinstatement within its window. Every term ends: at its
 * expiration date an active term is `expired` (renewed or not). A notice of cancellation for
 * non-payment and its rescission leave the policy active.
 */
export const POLICY_LIFECYCLE = lifecycle({
  subject: 'policy',
  statuses: POLICY_STATUSES,
  moves: {
    endorse: { from: ['active'], to: 'active' },
    cancel: { from: ['active'], to: 'cancelled' },
    reinstate: { from: ['cancelled'], to: 'active' },
    // Renewing stays possible on the expiration day itself, when the term has just expired.
    renew: { from: ['active', 'expired'], to: 'active' },
    offer_renewal: { from: ['active'], to: 'active' },
    expire: { from: ['active'], to: 'expired' },
    send_notice: { from: ['active'], to: 'active' },
    rescind_notice: { from: ['active'], to: 'active' },
  },
});

/** Lifecycle dates must fall inside the policy term (the expiration day itself excluded). */
export const assertWithinTerm = (policy: Policy, date: CalendarDate, field: string): void => {
  if (compareDates(date, policy.effectiveDate) < 0 || compareDates(date, policy.expirationDate) >= 0) {
    throw validationFailed(field, 'within_term', `'${field}' must fall within the policy term ${policy.effectiveDate} to ${policy.expirationDate}.`);
  }
};

const policyNumberFor = (line: string, year: number, sequence: number): string => `${line}-${year}-${String(sequence).padStart(6, '0')}`;

/** What a new policy is issued from: a bound quote (new business) or an expiring policy (renewal). */
export interface PolicyIssue {
  readonly policyId: string;
  readonly orgId: string;
  readonly submissionId: string;
  readonly quoteId: string | null;
  readonly risk: CompleteRisk;
  readonly contactEmail: string | null;
  readonly producerId: string | null;
  readonly premium: Cents;
  readonly effectiveDate: CalendarDate;
  readonly plan: InstallmentPlan;
  readonly programId: string;
  readonly programVersion: number | null;
  readonly rateTableVersion: string;
  readonly chargeTerms: ChargeTerms;
  readonly renewalOf: string | null;
  /** The program's days before expiry the next term is offered. */
  readonly renewalOfferDays: number;
}

/** The term's first premium transaction, with the policy fee and taxes it charges. */
const firstTransaction = (issue: PolicyIssue, booking: PremiumBooking): PremiumTransaction => {
  const transaction = issuance(issue.renewalOf ? 'renewal' : 'bind', issue.effectiveDate, issue.premium);
  const term = { effectiveDate: issue.effectiveDate, expirationDate: addMonths(issue.effectiveDate, 12), transactions: [] };
  return { ...withCharges(term, transaction, issue.chargeTerms), ...booking };
};

/** When a premium transaction was recorded and the accounting month it is booked in. */
export type PremiumBooking = Required<Pick<PremiumTransaction, 'bookedOn' | 'accountingMonth'>>;

/** A newly issued policy: active, for twelve months from its effective date, numbered in its year's sequence. */
export const newPolicy = (issue: PolicyIssue, sequence: number, at: Date, booking: PremiumBooking): Policy => ({
  id: issue.policyId,
  orgId: issue.orgId,
  policyNumber: policyNumberFor(issue.risk.lineOfBusiness, yearOf(issue.effectiveDate), sequence),
  submissionId: issue.submissionId,
  quoteId: issue.quoteId,
  risk: issue.risk,
  contactEmail: issue.contactEmail,
  producerId: issue.producerId,
  grossPremium: issue.premium,
  premium: [firstTransaction(issue, booking)],
  effectiveDate: issue.effectiveDate,
  expirationDate: addMonths(issue.effectiveDate, 12),
  status: 'active',
  installmentPlan: issue.plan,
  cancellation: null,
  renewalOf: issue.renewalOf,
  renewedBy: null,
  renewalOfferOn: renewalOfferDate(addMonths(issue.effectiveDate, 12), issue.renewalOfferDays),
  renewalOffer: null,
  programId: issue.programId,
  programVersion: issue.programVersion,
  rateTableVersion: issue.rateTableVersion,
  chargeTerms: issue.chargeTerms,
  createdAt: at,
  updatedAt: at,
  version: 0,
});

/** `policy.bound` for new business, `policy.renewed` (naming the expiring policy) for a renewal. */
export const issuedEvent = (policy: Policy, origin: EventOrigin): DomainEvent => {
  const common = { policyId: policy.id, policyNumber: policy.policyNumber, grossPremium: policy.grossPremium, effectiveDate: policy.effectiveDate };
  return policy.renewalOf ? domainEvent('policy.renewed', { ...common, renewalOf: policy.renewalOf }, origin) : domainEvent('policy.bound', common, origin);
};

/**
 * The rate manual version a policy's term is priced on. A policy stored before versions were
 * recorded was priced on the version in force on its effective date.
 */
export const pinnedRateVersion = (policy: Policy, manual: RateManual): string => policy.rateTableVersion ?? rateVersionOn(manual, policy.effectiveDate);

/** A policy stored before fees and taxes were charged has none. */
/** The term's charge terms in today's shape (terms placed before schedules had components read as the two they charged). */
export const chargeTermsOf = (policy: Pick<Policy, 'chargeTerms'>): ChargeTerms => chargeTermsFromStore(policy.chargeTerms);

/**
 * The policy's term with its premium transactions. A policy stored before premium was kept as
 * transactions has only its current annual premium: it reads as issued at that premium.
 */
export const premiumTermOf = (policy: Policy): PremiumTerm => ({
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  transactions: policy.premium ?? [issuance(policy.renewalOf ? 'renewal' : 'bind', policy.effectiveDate, policy.grossPremium)],
});
