import type { PolicyCharges } from '../../core/billing/premium-position.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import { policyRates, type Commission } from '../../core/billing/commission.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import { cashHeld } from '../../core/billing/credit.ts';
import { writtenOff, type Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { positionChange, positionOf, samePosition } from '../../core/billing/premium-account.ts';
import type { Clock } from '../shared/clock.port.ts';
import { cents } from '../../core/shared/money.ts';
import { today } from '../../core/shared/calendar-date.ts';
import type { AccountingPeriods } from './accounting-periods.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { CommissionRepository, LedgerRepository } from './commission.repositories.ts';
import type { FinancialSteps } from './financial-steps.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { firstAnswer, isFound } from '../shared/first-answer.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import { EMPTY_POSITION, type PremiumPosition } from '../../core/billing/premium-position.ts';

/** What billing knows of a policy: who sold it, its line, and what it owes by kind from its premium history. */
export interface BilledPolicy {
  readonly id: string;
  readonly orgId: string;
  readonly policyNumber: string;
  readonly producerId: string | null;
  readonly lineOfBusiness: LineOfBusiness;
  readonly owed: PolicyCharges;
}

/** The policies as billing reads them, by id within an organization (the policy context answers it). */
export interface PolicyLookup {
  findById(orgId: string, id: string): Promise<BilledPolicy | null>;
}

/** The policy lookups the context that keeps policies contributes (`wire.contribute`), as one: the first that has the policy answers. */
export const anyPolicyLookup = (contributed: readonly PolicyLookup[]): PolicyLookup => ({
  findById: (orgId, id) => firstAnswer(contributed, (lookup) => lookup.findById(orgId, id), isFound, null),
});

export interface PremiumBooksDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyLookup;
  readonly commissions: CommissionRepository;
  readonly ledger: LedgerRepository;
  readonly reference: UnderwritingReferenceData;
  readonly steps: FinancialSteps;
  readonly relationships: RecordRelationships;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly periods: AccountingPeriods;
  readonly atomic: AtomicWrite;
}

/** What moved the books: the invoice paid or refunded (null for a premium transaction) and a reference for incidents. */
export interface BooksCause {
  readonly invoiceId: string | null;
  readonly reference: string;
  readonly description: string;
}

/** What a command's own write adds or changes, which the posting it carries counts as if stored. */
export interface Pending {
  readonly payments?: readonly Payment[];
  readonly invoices?: readonly Invoice[];
}

/** A posting decided: the ledger entry, and the producer's commission it moves (null when none). */
export interface Posting {
  readonly entry: LedgerEntry;
  readonly commission: Commission | null;
}

/**
 * Keeps a policy's ledger and commission where its money stands. The position (cash held, and
 * what it pays for given what the policy owes) is read from the payments and the premium model;
 * the next posting moves the books from the last posted position to it. Postings are numbered per
 * policy and the number is unique: of two commands posting on one policy at once, one write is
 * kept and the other starts again from its reads. A posting and its commission are one write.
 */
export class PremiumBooks {
  private readonly deps: PremiumBooksDeps;

  constructor(deps: PremiumBooksDeps) {
    this.deps = deps;
  }

  /**
   * What opens a new policy's books, for the issuing command's one write: its installment
   * invoices, the posting of what the insured now owes (nothing is paid yet) and its commission.
   * The commission's relationships are stored first (they grant nothing until it exists).
   */
  async opening(policy: BilledPolicy, invoices: readonly Invoice[], cause: BooksCause): Promise<{ posting: Posting; writes: GroupedWrite[] }> {
    const posting = await this.decide(policy, null, positionOf(cents(0), policy.owed), cause);
    if (!posting) throw new Error(`Policy ${policy.id} owes nothing: it has no books to open.`);
    return { posting, writes: [...this.deps.invoices.insertWrites(invoices), ...(await this.writesOf(posting))] };
  }

  /** Brings the policy's books to where its money stands now, in one write; nothing when they are there already. */
  sync(orgId: string, policyId: string, cause: BooksCause): Promise<{ entry: LedgerEntry | null; commission: Commission | null }> {
    const context = { orgId, reference: cause.reference, invoiceId: cause.invoiceId };
    return this.deps.steps.run('ledger_sync', context, () => retryFromReads(() => this.post(orgId, policyId, cause)));
  }

  /**
   * What moving the books to where the policy's money stands writes, for the one write of the
   * command that changes it: `policy` as it is after that change (what it owes). Nothing when the
   * books stay. A posting committed meanwhile takes the same number: the group fails `duplicate`.
   * `pending`: what the same write adds or changes (a payment or refund row, an invoice written
   * off), counted as if stored.
   */
  async changeWrites(policy: BilledPolicy, cause: BooksCause, pending: Pending = {}): Promise<{ posting: Posting | null; writes: GroupedWrite[] }> {
    const [latest, { held, writtenOff }] = await Promise.all([this.deps.ledger.latestForPolicy(policy.orgId, policy.id), this.moneyOf(policy, pending)]);
    const posting = await this.decide(policy, latest, positionOf(held, policy.owed, writtenOff), cause);
    return { posting, writes: posting ? await this.writesOf(posting) : [] };
  }

  private async post(orgId: string, policyId: string, cause: BooksCause): Promise<{ entry: LedgerEntry | null; commission: Commission | null }> {
    const { posting, writes } = await this.changeWritesOf(orgId, policyId, cause);
    if (!posting) return { entry: null, commission: null };
    await this.deps.atomic.commit(writes);
    return posting;
  }

  /** The next posting of a policy, from its latest one to `to`; null when the books are there already. */
  private async decide(policy: BilledPolicy, latest: LedgerEntry | null, to: PremiumPosition, cause: BooksCause): Promise<Posting | null> {
    const from = latest?.position.to ?? EMPTY_POSITION;
    if (samePosition(from, to)) return null;
    const rates = latest?.rates ?? policyRates(this.deps.reference.commissionSchedule(), policy.lineOfBusiness, Boolean(policy.producerId));
    const sequence = (latest?.sequence ?? 0) + 1;
    const now = this.deps.clock.now(policy.orgId);
    const entry: LedgerEntry = {
      id: this.deps.ids.next('gle'),
      orgId: policy.orgId,
      sourceKey: `policy:${policy.id}:${sequence}`,
      invoiceId: cause.invoiceId,
      policyId: policy.id,
      sequence,
      description: cause.description,
      position: { from, to },
      rates,
      ...positionChange(from, to, rates),
      postedAt: now,
      ...(await this.deps.periods.booking(policy.orgId, today(now))),
    };
    return { entry, commission: this.commissionOf(policy, entry) };
  }

  /** The posting and its commission as one group; the commission's relationships are stored first. */
  private async writesOf({ entry, commission }: Posting): Promise<GroupedWrite[]> {
    if (commission) await this.deps.relationships.commission(commission);
    return [...this.deps.ledger.postWrites(entry), ...(commission ? [this.deps.commissions.insertWrite(commission)] : [])];
  }

  /** Every payment and refund of real money on the policy's invoices (credits moved between its invoices are not cash), and what was written off. */
  private async moneyOf(policy: BilledPolicy, pending: Pending = {}) {
    const { invoices, payments } = await policyPayments(this.deps, policy.orgId, policy.id);
    const changed = new Map((pending.invoices ?? []).map((invoice) => [invoice.id, invoice]));
    return {
      held: cashHeld([...payments, ...(pending.payments ?? [])]),
      writtenOff: writtenOff(invoices.map((invoice) => changed.get(invoice.id) ?? invoice)),
    };
  }

  /** What moving the books of the policy `policyId` writes (see `changeWrites`), the policy read through billing's lookup; nothing for an unknown policy. */
  async changeWritesOf(
    orgId: string,
    policyId: string,
    cause: BooksCause,
    pending: Pending = {},
  ): Promise<{ posting: Posting | null; writes: GroupedWrite[] }> {
    const policy = await this.deps.policies.findById(orgId, policyId);
    return policy ? this.changeWrites(policy, cause, pending) : { posting: null, writes: [] };
  }

  /** The producer's commission change of a posting, under the posting's key; null when the posting moves no commission. */
  private commissionOf(policy: BilledPolicy, entry: LedgerEntry): Commission | null {
    const change = positionChange(entry.position.from, entry.position.to, entry.rates).commission;
    if (!policy.producerId || change.grossPremium === 0) return null;
    return {
      id: this.deps.ids.next('com'),
      orgId: entry.orgId,
      policyId: policy.id,
      producerId: policy.producerId,
      invoiceId: entry.invoiceId,
      sourceKey: entry.sourceKey,
      description: entry.description,
      lineOfBusiness: policy.lineOfBusiness,
      tier: entry.rates.tier,
      rates: { agentRateBps: entry.rates.agentRateBps, mgaRateBps: entry.rates.mgaRateBps },
      ...change,
      createdAt: entry.postedAt,
      ...(entry.bookedOn ? { bookedOn: entry.bookedOn } : {}),
      ...(entry.accountingMonth ? { accountingMonth: entry.accountingMonth } : {}),
    };
  }
}
