import type { CalendarDate } from '../shared/calendar-date.ts';
import type { Cents } from '../shared/money.ts';

export type PolicyTransactionType = 'bind' | 'endorsement' | 'cancellation' | 'reinstatement' | 'renewal';

/** One entry of a policy's timeline. */
export interface PolicyTransaction {
  readonly id: string;
  readonly orgId: string;
  readonly policyId: string;
  readonly type: PolicyTransactionType;
  readonly effectiveDate: CalendarDate;
  readonly actor: string;
  readonly premiumDelta: Cents;
  readonly details: Record<string, unknown>;
  readonly createdAt: Date;
}

/** A timeline entry of a policy: what happened, from when, by whom, and what it did to the premium. */
export const timelineEntry = (
  policy: { readonly id: string; readonly orgId: string },
  entry: { id: string; type: PolicyTransactionType; effectiveDate: CalendarDate; actor: string; premiumDelta: Cents; details: Record<string, unknown> },
  at: Date,
): PolicyTransaction => ({ ...entry, orgId: policy.orgId, policyId: policy.id, createdAt: at });
