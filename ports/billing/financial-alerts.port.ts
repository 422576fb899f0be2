import type { FinancialIncident } from '../../core/billing/financial-incident.ts';
import type { Cents } from '../../core/shared/money.ts';

/** Refunds above $1,000 are flagged for a person to review. */
export const MANUAL_REVIEW_ABOVE_CENTS = 1_000_00;

export interface ManualReviewQueue {
  /** One item per organization, kind and reference. */
  flag(item: { orgId: string; kind: string; reference: string; invoiceId: string; amount: Cents }): Promise<void>;
}

export interface FinancialAlert {
  readonly orgId: string;
  readonly kind: 'payment_failed';
  /** One alert per key, however often the processor repeats itself. */
  readonly key: string;
  readonly invoiceId: string;
  readonly invoiceNumber: string;
  readonly reference: string;
  readonly amount: Cents;
  readonly message: string;
  readonly createdAt: Date;
}

export interface TakenAlert extends FinancialAlert {
  readonly id: string;
}

/** Alerts queued for the finance team's follow-up (dunning, calls). */
export interface FinancialAlertQueue {
  queue(alert: FinancialAlert): Promise<void>;
  /** Takes the oldest queued alert for `leaseMs`; one whose lease ran out (a crashed sender) is taken again. */
  takeNext(now: Date, leaseMs: number): Promise<TakenAlert | null>;
  markSent(id: string, recipients: number, at: Date): Promise<void>;
  /** Records why the alert could not be sent; it is taken again once its lease runs out. */
  release(id: string, error: string): Promise<void>;
}

/** `financial.operation_failed` records, logged and kept for manual review. */
export interface FinancialIncidentLog {
  record(incident: FinancialIncident): Promise<void>;
  /** The organization's newest incidents first. */
  list(orgId: string, limit: number): Promise<FinancialIncident[]>;
}
