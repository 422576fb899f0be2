import type { CalendarDate } from '../calendar-date.ts';
import type { Cents } from '../money.ts';
import type { EventType } from './event-catalog.ts';

/**
 * What each event carries, with money in cents. Serialization (`domainEvent`) turns the money
 * fields into dollars, the one place events meet the outside.
 */
export interface EventData {
  'policy.bound': { policyId: string; policyNumber: string; grossPremium: Cents; effectiveDate: CalendarDate };
  'policy.endorsed': { policyId: string; policyNumber: string; endorsementId: string; effectiveDate: CalendarDate; premiumDelta: Cents; grossPremium: Cents };
  'policy.cancelled': { policyId: string; policyNumber: string; effectiveDate: CalendarDate; reason: string; method: string; returnPremium: Cents };
  'policy.reinstated': { policyId: string; policyNumber: string; cancellationEffectiveDate: CalendarDate; premiumCharged: Cents; grossPremium: Cents };
  'policy.renewed': { policyId: string; policyNumber: string; grossPremium: Cents; effectiveDate: CalendarDate; renewalOf: string };
  'policy.cancellation_notice_sent': {
    policyId: string;
    policyNumber: string;
    noticeOn: CalendarDate;
    cancelsOn: CalendarDate;
    pastDue: Cents;
    homeState: string;
    noticeDays: number;
    documentId: string | null;
  };
  'policy.cancellation_rescinded': { policyId: string; policyNumber: string; noticeOn: CalendarDate; cancelsOn: CalendarDate };
  'policy.renewal_offered': {
    policyId: string;
    policyNumber: string;
    quoteId: string;
    effectiveDate: CalendarDate;
    grossPremium: Cents;
    decision: string;
    daFlags: string[];
    validUntil: CalendarDate;
  };
  'policy.expired': { policyId: string; policyNumber: string; expirationDate: CalendarDate; renewedBy: string | null };
  'payment.received': { invoiceId: string; reference: string; amount: Cents; method: string };
  'payment.failed': { invoiceId: string; invoiceNumber: string; policyId: string; reference: string; amount: Cents; reason: string };
  'invoice.paid': { invoiceId: string; invoiceNumber: string; policyId: string; amount: Cents };
  'invoice.past_due': { invoiceId: string; invoiceNumber: string; policyId: string; dueDate: CalendarDate; amount: Cents; unpaid: Cents; graceDays: number };
  'claim.filed': { claimId: string; claimNumber: string; policyId: string; lossDate: CalendarDate };
  'claim.opened': { claimId: string; claimNumber: string; policyId: string; lossDate: CalendarDate };
  'claim.reserved': { claimId: string; claimNumber: string; indemnity: Cents; expense: Cents; incurred: Cents };
  'claim.settled': { claimId: string; claimNumber: string; settlementId: string; amount: Cents; paid: Cents };
  'claim.closed': { claimId: string; claimNumber: string; outcome: string; paid: Cents };
  'da.limit_approaching': { programId: string; programName: string; year: number; aggregateCap: Cents; written: Cents; utilization: number };
  'compliance.deadline_approaching': {
    kind: 'license_expiry' | 'appointment_renewal' | 'state_filing' | 'policy_filing';
    itemId: string;
    description: string;
    state: string | null;
    producerId: string | null;
    policyId: string | null;
    source: string | null;
    dueDate: CalendarDate;
    daysRemaining: number;
    /** The alert: 30 days before, or 7. */
    alert: 30 | 7;
  };
  'webhook.test': { subscriptionId: string; message: string };
}

type MoneyKeys<D> = { [K in keyof D]-?: D[K] extends Cents ? K : never }[keyof D];

/** Every money field of every event, listed so serialization can find them; the type makes the list complete. */
export const EVENT_MONEY_FIELDS: { readonly [T in EventType]: { readonly [K in MoneyKeys<EventData[T]>]: true } } = {
  'policy.bound': { grossPremium: true },
  'policy.endorsed': { premiumDelta: true, grossPremium: true },
  'policy.cancelled': { returnPremium: true },
  'policy.reinstated': { premiumCharged: true, grossPremium: true },
  'policy.renewed': { grossPremium: true },
  'policy.cancellation_notice_sent': { pastDue: true },
  'policy.cancellation_rescinded': {},
  'policy.expired': {},
  'policy.renewal_offered': { grossPremium: true },
  'payment.received': { amount: true },
  'payment.failed': { amount: true },
  'invoice.paid': { amount: true },
  'invoice.past_due': { amount: true, unpaid: true },
  'claim.filed': {},
  'claim.opened': {},
  'claim.reserved': { indemnity: true, expense: true, incurred: true },
  'claim.settled': { amount: true, paid: true },
  'claim.closed': { paid: true },
  'da.limit_approaching': { aggregateCap: true, written: true },
  'compliance.deadline_approaching': {},
  'webhook.test': {},
};
