import { lastDayOf, monthOfDate, type AccountingMonth } from '../../core/billing/accounting-period.ts';
import {
  payoutLines,
  statementOf,
  type JournalEntry,
  type PayoutMethod,
  type ProducerPayout,
  type ProducerStatement,
} from '../../core/billing/producer-payout.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { addDays, today } from '../../core/shared/calendar-date.ts';
import { DomainError, isDomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import { cents, centsToDollars, type Cents } from '../../core/shared/money.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { everyRecord } from '../shared/persistence/page.ts';
import type { AccountingPeriods } from './accounting-periods.use-case.ts';
import type { CommissionRepository } from './commission.repositories.ts';
import type { JournalRepository, ProducerPayoutRepository } from './producer-payouts.repository.ts';

export interface ProducerCommissionsDeps {
  readonly commissions: CommissionRepository;
  readonly payouts: ProducerPayoutRepository;
  readonly journal: JournalRepository;
  readonly producers: ProducerRepository;
  readonly periods: AccountingPeriods;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly atomic: AtomicWrite;
}

const beyondPayable = (payable: Cents) =>
  new DomainError('amount_exceeds_balance', 'The payout is more than the commission payable to the producer through that month, less what was paid.', {
    payableThroughMonth: centsToDollars(payable),
  });

interface PayoutInput {
  readonly amount: Cents;
  readonly method: PayoutMethod;
  readonly reference: string;
  readonly month: AccountingMonth;
}

/**
 * What the MGA owes its producers: monthly statements of commission earned, clawed back and paid,
 * and payouts, each with its ledger posting (commission payable and premium trust cash reduced).
 * A payout never exceeds the commission payable through its statement month, whatever runs beside it.
 */
export class ProducerCommissions {
  private readonly deps: ProducerCommissionsDeps;

  constructor(deps: ProducerCommissionsDeps) {
    this.deps = deps;
  }

  /** The statement of `month` (the current month when null). */
  async statement(orgId: string, producerId: string, requested: AccountingMonth | null): Promise<ProducerStatement & { payouts: ProducerPayout[] }> {
    await this.producer(orgId, producerId);
    const month = requested ?? monthOfDate(today(this.deps.clock.now(orgId)));
    const [changes, payouts] = await Promise.all([this.changesThrough(orgId, producerId, month), this.deps.payouts.forProducer(orgId, producerId)]);
    return { ...statementOf(producerId, month, changes, payouts), payouts: payouts.filter((payout) => payout.month === month) };
  }

  /**
   * Records a payout once per reference (a repeat answers the first, `created: false`), with its
   * journal posting (commission payable and premium trust cash reduced), as one write: within the
   * commission payable through its statement month, whatever runs beside it.
   */
  async pay(actor: Principal, orgId: string, producerId: string, input: PayoutInput): Promise<{ payout: ProducerPayout; created: boolean }> {
    await this.producer(orgId, producerId);
    const known = await this.deps.payouts.findByReference(orgId, input.reference);
    if (known) return { payout: this.sameRequest(known, producerId, input), created: false };
    const now = this.deps.clock.now(orgId);
    if (input.month > monthOfDate(today(now)))
      throw validationFailed('month', 'not_after_current', 'A payout settles the statement of the current month or an earlier one.');
    const payable = cents((await this.changesThrough(orgId, producerId, input.month)).reduce((sum, change) => sum + change.agentCommission, 0));
    if (input.amount > payable) throw beyondPayable(payable);
    const booking = await this.deps.periods.booking(orgId, today(now));
    const payout: ProducerPayout = { id: this.deps.ids.next('pyo'), orgId, producerId, ...input, paidBy: describeActor(actor), createdAt: now, ...booking };
    await this.deps.payouts.open(orgId, producerId);
    try {
      const audit = this.deps.audit.recordWrite(
        actor,
        orgId,
        'producer.commission_paid',
        { type: 'producer', id: producerId },
        { month: input.month, reference: input.reference },
        { amount: input.amount },
      );
      await this.deps.atomic.commit([...this.deps.payouts.payoutWrites(payout, payable), ...this.deps.journal.postWrites(this.postingOf(payout)), audit]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) throw beyondPayable(payable);
      const first = isDomainError(error) && error.code === 'duplicate' ? await this.deps.payouts.findByReference(orgId, input.reference) : null;
      if (!first) throw error;
      // The same reference, recorded by a request that ran beside this one.
      return { payout: this.sameRequest(first, producerId, input), created: false };
    }
    return { payout, created: true };
  }

  /** The payout's journal posting (its source is the payout). */
  private postingOf(payout: ProducerPayout): JournalEntry {
    return {
      id: this.deps.ids.next('jrn'),
      orgId: payout.orgId,
      sourceKey: `payout:${payout.id}`,
      description: `Commission paid to producer ${payout.producerId} for ${payout.month} (${payout.method} ${payout.reference})`,
      lines: payoutLines(payout.amount),
      postedAt: payout.createdAt,
      bookedOn: payout.bookedOn,
      accountingMonth: payout.accountingMonth,
    };
  }

  private async producer(orgId: string, producerId: string): Promise<void> {
    if (!(await this.deps.producers.findById(orgId, producerId))) throw notFound('Producer');
  }

  /** A reference names one payout: the same reference for another producer or amount is a conflict. */
  private sameRequest(known: ProducerPayout, producerId: string, input: PayoutInput): ProducerPayout {
    if (known.producerId !== producerId || known.amount !== input.amount || known.month !== input.month) {
      throw new DomainError('conflict', `Reference ${input.reference} already names another payout.`, { payoutId: known.id });
    }
    return known;
  }

  /** The producer's commission changes recorded through the end of `month`, each with its month. */
  private async changesThrough(orgId: string, producerId: string, month: AccountingMonth) {
    const before = new Date(`${addDays(lastDayOf(month), 1)}T00:00:00Z`);
    const records = await everyRecord((page) => this.deps.commissions.list(orgId, { producerId, recordedBefore: before }, page));
    return records.map((record) => ({ month: monthOfDate(today(record.createdAt)), agentCommission: record.agentCommission }));
  }
}
