import type { PolicyCharges } from '../../core/billing/premium-position.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import { policyRates, type Commission } from '../../core/billing/commission.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import { cashHeld } from '../../core/billing/credit.ts';
import { writtenOff } from '../../core/billing/invoice.ts';
import { positionChange, positionOf, samePosition } from '../../core/billing/premium-account.ts';
import { EMPTY_POSITION } from '../../core/billing/premium-position.ts';
import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Clock } from '../shared/clock.port.ts';
import { today } from '../../core/shared/calendar-date.ts';
import type { AccountingPeriods } from './accounting-periods.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { CommissionRepository, LedgerRepository } from './commission.repositories.ts';
import type { FinancialSteps } from './financial-steps.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import { KeyedTurns } from '../shared/keyed-turns.ts';

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
}

/** What moved the books: the invoice paid or refunded (null for a premium transaction) and a reference for incidents. */
interface BooksCause {
  readonly invoiceId: string | null;
  readonly reference: string;
  readonly description: string;
}

/** Postings of one policy numbered 1, 2, …; a lost race for the next number means another caller posted first. */
const POSTING_ATTEMPTS = 8;

/**
 * Keeps a policy's ledger and commission where its money stands. The position (cash held, and
 * what it pays for given what the policy owes) is read from the payments and the premium model;
 * the next posting moves the books from the last posted position to it. Postings are numbered per
 * policy and the number is unique, so concurrent callers cannot post the same change twice, and a
 * caller that starts after a change always ends with books that include it. Each posting's
 * commission is written under the posting's key; a crash between the two is finished by the next
 * call for the policy before it posts anything new.
 */
export class PremiumBooks {
  private readonly deps: PremiumBooksDeps;
  /** One sync of a policy at a time in this process: payments landing together on one policy queue instead of racing for its next posting number. */
  private readonly turns = new KeyedTurns();

  constructor(deps: PremiumBooksDeps) {
    this.deps = deps;
  }

  sync(orgId: string, policyId: string, cause: BooksCause): Promise<{ entry: LedgerEntry | null; commission: Commission | null }> {
    return this.turns.run(`${orgId}\u0000${policyId}`, () => this.post(orgId, policyId, cause));
  }

  private async post(orgId: string, policyId: string, cause: BooksCause): Promise<{ entry: LedgerEntry | null; commission: Commission | null }> {
    const context = { orgId, reference: cause.reference, invoiceId: cause.invoiceId };
    for (let attempt = 0; attempt < POSTING_ATTEMPTS; attempt += 1) {
      const [policy, latest] = await Promise.all([this.deps.policies.findById(orgId, policyId), this.deps.ledger.latestForPolicy(orgId, policyId)]);
      if (!policy) return { entry: null, commission: null };
      if (latest) await this.deps.steps.run('commission_calculation', context, () => this.commissionOf(policy, latest));
      const from = latest?.position.to ?? EMPTY_POSITION;
      const { held, writtenOff } = await this.moneyOf(policy);
      const to = positionOf(held, policy.owed, writtenOff);
      if (samePosition(from, to)) return { entry: null, commission: null };
      const rates = latest?.rates ?? policyRates(this.deps.reference.commissionSchedule(), policy.lineOfBusiness, Boolean(policy.producerId));
      const sequence = (latest?.sequence ?? 0) + 1;
      const now = this.deps.clock.now(orgId);
      const entry: LedgerEntry = {
        id: this.deps.ids.next('gle'),
        orgId,
        sourceKey: `policy:${policyId}:${sequence}`,
        invoiceId: cause.invoiceId,
        policyId,
        sequence,
        description: cause.description,
        position: { from, to },
        rates,
        ...positionChange(from, to, rates),
        postedAt: now,
        ...(await this.deps.periods.booking(orgId, today(now))),
      };
      const posted = await this.deps.steps.run('ledger_sync', context, () => writeUnlessDuplicate(() => this.deps.ledger.post(entry)));
      if (!posted) continue;
      const commission = await this.deps.steps.run('commission_calculation', context, () => this.commissionOf(policy, entry));
      return { entry, commission };
    }
    throw new Error(`The books of policy ${policyId} kept moving; they are brought up to date by the next change.`);
  }

  /** Every payment and refund of real money on the policy's invoices (credits moved between its invoices are not cash), and what was written off. */
  private async moneyOf(policy: BilledPolicy) {
    const { invoices, payments } = await policyPayments(this.deps, policy.orgId, policy.id);
    return { held: cashHeld(payments), writtenOff: writtenOff(invoices) };
  }

  /** The producer's commission change of a posting, written once under its key; null when the posting moves no commission. */
  private async commissionOf(policy: BilledPolicy, entry: LedgerEntry): Promise<Commission | null> {
    const change = positionChange(entry.position.from, entry.position.to, entry.rates).commission;
    if (!policy.producerId || change.grossPremium === 0) return null;
    const known = await this.deps.commissions.findBySource(entry.orgId, entry.sourceKey);
    if (known) return known;
    const commission: Commission = {
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
    await this.deps.relationships.commission(commission);
    if (await writeUnlessDuplicate(() => this.deps.commissions.insert(commission))) return commission;
    return this.deps.commissions.findBySource(entry.orgId, entry.sourceKey);
  }
}
