import type { Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { accountOf, type PolicyAccount } from '../../core/billing/policy-account.ts';
import { correctedTotals, keptAccount, keptExactlyFrom, keptPartOf, type MarkedPolicy } from '../../core/billing/receivable-figures.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { nextTurn } from '../shared/next-turn.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { PageRequest } from '../shared/persistence/page.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { KeptReceivables, ReceivableMark } from './kept-receivables.port.ts';
import type { PolicyLookup } from './premium-books.use-case.ts';

/** Policies whose invoices and rows one read asks for. */
const POLICIES_BATCH = 100;

/** One policy's line of the receivables. */
export interface PolicyReceivable extends PolicyAccount {
  readonly policyId: string;
}

/** The receivables on a date: the organization's totals, and a page of its policies' accounts. */
export interface Receivables {
  readonly asOf: CalendarDate;
  readonly totals: PolicyAccount;
  readonly policies: PolicyReceivable[];
  readonly nextCursor: string | null;
}

export interface PolicyAccountsDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyLookup;
  readonly receivables: KeptReceivables;
  readonly clock: Clock;
}

/** The insured's account on a policy: one balance, what it is made of, and how old what is owed is. */
export class PolicyAccounts {
  private readonly deps: PolicyAccountsDeps;

  constructor(deps: PolicyAccountsDeps) {
    this.deps = deps;
  }

  /**
   * The organization's receivables on a date: its totals from the kept sums, corrected by the
   * exact accounts of the policies marked by then (something on them owed back), and a page of
   * its policies' accounts in id order. The work is a page and the marked policies, never the book.
   */
  async receivables(orgId: string, asOf: CalendarDate | undefined, page: PageRequest): Promise<Receivables> {
    const date = asOf ?? today(this.deps.clock.now(orgId));
    const [ids, figures, marked] = await Promise.all([
      this.deps.invoices.policyPage(orgId, page),
      this.deps.receivables.figuresThrough(orgId, date),
      this.deps.receivables.markedThrough(orgId, date),
    ]);
    const corrections: MarkedPolicy[] = [];
    for (let start = 0; start < marked.length; start += POLICIES_BATCH) {
      if (start > 0) await nextTurn();
      for (const { invoices, rows } of await this.recordsOf(orgId, marked.slice(start, start + POLICIES_BATCH))) {
        corrections.push({ exact: accountOf(invoices, rows, date), kept: keptPartOf(invoices, rows, date) });
      }
    }
    const policies: PolicyReceivable[] = [];
    for (const { policyId, invoices, rows } of await this.recordsOf(orgId, ids.data)) {
      const account = accountOf(invoices, rows, date);
      if (account.charges !== 0 || account.credits !== 0 || account.payments !== 0) policies.push({ policyId, ...account });
    }
    return { asOf: date, totals: correctedTotals(keptAccount(figures, date), corrections), policies, nextCursor: ids.nextCursor };
  }

  /**
   * The day's reconciliation of the marked policies: each one the kept sums now count exactly
   * (settled: nothing owed either way, nothing left to age) is recorded so, and is read no more by
   * the receivables of that day or later. A policy that changed meanwhile is left for the next run.
   */
  async reconcileMarked(orgId: string, now: Date): Promise<number> {
    const day = today(now);
    let [after, reconciled]: [string | null, number] = [null, 0];
    for (;;) {
      // The marks are read before the records, so that a write after them fails the guard.
      const marks = await this.deps.receivables.marksToReconcile(orgId, after, POLICIES_BATCH);
      if (marks.length === 0) return reconciled;
      const records = await this.recordsOf(
        orgId,
        marks.map((mark) => mark.policyId),
      );
      for (const [index, { invoices, rows }] of records.entries()) {
        if (keptExactlyFrom(invoices, rows, day) && (await this.deps.receivables.reconcile(orgId, marks[index] as ReceivableMark, day))) reconciled += 1;
      }
      after = (marks.at(-1) as ReceivableMark).policyId;
      await nextTurn();
    }
  }

  /** Each policy's invoices and the rows on them, in the order of `policyIds`. */
  private async recordsOf(orgId: string, policyIds: readonly string[]): Promise<Array<{ policyId: string; invoices: Invoice[]; rows: Payment[] }>> {
    if (policyIds.length === 0) return [];
    const invoices = await this.deps.invoices.forPolicies(orgId, policyIds);
    const rows =
      invoices.length > 0
        ? await this.deps.payments.forInvoices(
            orgId,
            invoices.map((invoice) => invoice.id),
          )
        : [];
    const invoicesOf = Map.groupBy(invoices, (invoice) => invoice.policyId);
    const rowsOf = Map.groupBy(rows, (row) => row.invoiceId);
    return policyIds.map((policyId) => {
      const own = invoicesOf.get(policyId) ?? [];
      return { policyId, invoices: own, rows: own.flatMap((invoice) => rowsOf.get(invoice.id) ?? []) };
    });
  }

  async account(orgId: string, policyId: string, asOf?: CalendarDate): Promise<{ asOf: CalendarDate } & PolicyAccount> {
    if (!(await this.deps.policies.findById(orgId, policyId))) throw notFound('Policy');
    const date = asOf ?? today(this.deps.clock.now(orgId));
    const { invoices, payments } = await policyPayments(this.deps, orgId, policyId);
    return { asOf: date, ...accountOf(invoices, payments, date) };
  }
}
