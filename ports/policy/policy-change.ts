import { policyChangedMeanwhile, type Policy, type PolicyStatus } from '../../core/policy/policy.ts';
import type { DomainError } from '../../core/shared/domain-error.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched, type GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { lostRace } from '../shared/retry-from-reads.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { timelineEntry, type PolicyTransaction, type PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { PolicyChanges } from './policy.repositories.ts';

/**
 * The policy as a guarded change leaves it (`PolicyRepository.changeWrites`: the changes given, the
 * move's status, the version raised): what the command answers once its write is kept, without
 * reading back what it just decided.
 */
export const afterChange = (policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, at: Date): Policy => {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...policy, ...given, status: step.to, version: policy.version + 1, updatedAt: at };
};

/**
 * Commits a lifecycle change's one write. Past the program's aggregate cap it answers the
 * command's own refusal; when it lost a race (the policy changed, an installment was paid, a
 * posting took the next number meanwhile) nothing was kept: 409, to repeat.
 */
export const commitChange = async (atomic: AtomicWrite, writes: readonly GroupedWrite[], capRefusal?: () => Promise<DomainError>): Promise<void> => {
  try {
    await atomic.commit(writes);
  } catch (error) {
    if (capRefusal && error instanceof RequiredWriteUnmatched && error.guard === 'aggregate_cap') throw await capRefusal();
    if (lostRace(error)) throw policyChangedMeanwhile();
    throw error;
  }
};

/** What a lifecycle change says on the policy's timeline, by whom; `id` when the change's event names the entry. */
interface LifecycleEntry {
  readonly actor: Principal;
  readonly type: PolicyTransactionType;
  readonly effectiveDate: CalendarDate;
  readonly premiumDelta: Cents;
  readonly details: Record<string, unknown>;
  readonly id?: string;
}

/** A lifecycle change's timeline entry, for the change's one write. */
export const lifecycleEntry = (ids: IdGenerator, policy: Policy, at: Date, { actor, id, ...entry }: LifecycleEntry): PolicyTransaction =>
  timelineEntry(policy, { ...entry, id: id ?? ids.next('ptx'), actor: describeActor(actor) }, at);
