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
