import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { timelineEntry, type PolicyTransaction, type PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { IssuanceDeps } from './policy-issuance.ts';

/** Writes a lifecycle change's timeline entry, after the change itself. */
export const recordTimeline = async (
  deps: Pick<IssuanceDeps, 'transactions' | 'ids' | 'clock'>,
  actor: Principal,
  policy: Policy,
  type: PolicyTransactionType,
  effectiveDate: CalendarDate,
  premiumDelta: Cents,
  details: Record<string, unknown> & { id?: string },
): Promise<PolicyTransaction> => {
  const { id, ...rest } = details;
  const entry = { id: id ?? deps.ids.next('ptx'), type, effectiveDate, actor: describeActor(actor), premiumDelta, details: rest };
  const transaction = timelineEntry(policy, entry, deps.clock.now(policy.orgId));
  await deps.transactions.insert(transaction);
  return transaction;
};
