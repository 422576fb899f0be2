import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { Policy, PolicyStatus } from '../../core/policy/policy.ts';
import type { PolicyTransaction } from '../../core/policy/policy-transaction.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

export type PolicyChanges = Partial<Omit<Policy, 'id' | 'orgId' | 'version' | 'status'>>;

/** Filters of the policy list, combined with AND. */
export interface PolicyFilters {
  readonly status?: PolicyStatus;
  /** The whole insured name, case ignored. */
  readonly insuredName?: string;
  readonly policyNumber?: string;
  readonly producerId?: string;
  /** The risk's state. */
  readonly state?: string;
  readonly lineOfBusiness?: string;
  /** Effective on or after / on or before these dates. */
  readonly effectiveFrom?: CalendarDate;
  readonly effectiveTo?: CalendarDate;
  /** The words of `q` (queryWords): each must begin a word of the insured's name or of the number. */
  readonly words?: readonly string[];
}

export interface TermSpan {
  /** Null when a program is named: only the organization's earliest term is kept in an index. */
  readonly firstEffective: CalendarDate | null;
  readonly lastExpiration: CalendarDate;
}

export interface PolicyRepository {
  /** Stores the policy with its events (outbox); `duplicate` when the policy number is taken. */
  insert(policy: Policy, events: readonly DomainEvent[]): Promise<void>;
  /** What storing a new policy writes (the policy with its events, its kept figures, its search terms), for the command's one write. */
  insertWrites(policy: Policy, events: readonly DomainEvent[]): GroupedWrite[];
  findById(orgId: string, id: string): Promise<Policy | null>;
  /**
   * Policies with this number in any organization (numbers are unique per organization only):
   * for the policyholder sign-in, which names a policy number and nothing else.
   */
  findByNumberInAnyOrganization(policyNumber: string): Promise<Policy[]>;
  /** The organization's policies in policy number order, after `after` (a number; null: from the first), at most `limit` (read through the number's index). */
  inNumberOrder(orgId: string, after: string | null, limit: number): Promise<Policy[]>;
  list(orgId: string, filters: PolicyFilters & Among, page: PageRequest): Promise<Page<Policy>>;
  /**
   * The span the organization's terms cover (of one program when named): the earliest effective
   * date and the latest expiration date, each one seek of an index; null when there is no term.
   * What a report of a month outside it can answer at once.
   */
  termSpan(orgId: string, programId?: string): Promise<TermSpan | null>;
  /** The active policies under a notice of cancellation (given a date, those cancelling by then), the soonest to cancel first. */
  underNotice(orgId: string, cancellingBy?: CalendarDate): Promise<Policy[]>;
  /** The active policies whose renewal is to be offered on or before `on`. */
  renewalOffersDue(orgId: string, on: CalendarDate): Promise<Policy[]>;
  /** The surplus lines policies filed in `state` (their home state) effective between the two dates, whatever their status. */
  filedIn(orgId: string, state: string, effectiveFrom: CalendarDate, effectiveTo: CalendarDate): Promise<Policy[]>;
  /** Whether a policy filed in `state` (surplus lines: the home state; else the risk's) is in force on `on`. */
  inForceFiledIn(orgId: string, state: string, on: CalendarDate): Promise<boolean>;
  /** The active policies whose term ends on or before `on`. */
  expiringBy(orgId: string, on: CalendarDate): Promise<Policy[]>;
  /**
   * Makes the lifecycle move `step` with its changes and events in one write, only if the policy
   * is still at `version` and in `step.from`; null means someone else changed it first.
   */
  change(policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, events: readonly DomainEvent[], at: Date): Promise<Policy | null>;
  /**
   * What `change` writes, for the command's one write: the move is required (guard
   * `policy_changed`), so the whole group fails when the policy moved on since it was read. A
   * change that renames the insured moves search terms too: it is written by `change`.
   */
  changeWrites(policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, events: readonly DomainEvent[], at: Date): GroupedWrite[];
}

export interface PolicyTransactionRepository {
  insert(transaction: PolicyTransaction): Promise<void>;
  /** The insert of a timeline entry, for the command's one write (AtomicWrite). */
  insertWrite(transaction: PolicyTransaction): GroupedWrite;
  forPolicy(orgId: string, policyId: string): Promise<PolicyTransaction[]>;
}
