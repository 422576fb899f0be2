import type { Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { accountOf, sumAccounts, type PolicyAccount } from '../../core/billing/policy-account.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { nextTurn } from '../shared/next-turn.ts';
import type { Clock } from '../shared/clock.port.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { PolicyLookup } from './premium-books.use-case.ts';

/** Invoices whose rows one read asks for. */
const ROWS_BATCH = 200;

/** One policy's line of the receivables. */
export interface PolicyReceivable extends PolicyAccount {
  readonly policyId: string;
}

export interface PolicyAccountsDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyLookup;
  readonly clock: Clock;
}

/** The insured's account on a policy: one balance, what it is made of, and how old what is owed is. */
export class PolicyAccounts {
  private readonly deps: PolicyAccountsDeps;

  constructor(deps: PolicyAccountsDeps) {
    this.deps = deps;
  }

  /**
   * Every policy's account of the organization on a date, and their sum: read from all its invoices
   * and their rows, page by page (a report; the figures users read often are the per-policy ones).
   */
  async receivables(orgId: string, asOf?: CalendarDate): Promise<{ asOf: CalendarDate; totals: PolicyAccount; policies: PolicyReceivable[] }> {
    const date = asOf ?? today(this.deps.clock.now(orgId));
    const byPolicy = new Map<string, Invoice[]>();
    await forEachRecord(
      (page) => this.deps.invoices.list(orgId, {}, page),
      (invoice) => {
        byPolicy.set(invoice.policyId, [...(byPolicy.get(invoice.policyId) ?? []), invoice]);
      },
    );
    const rowsByInvoice = await this.rowsOf(orgId, [...byPolicy.values()].flat());
    const policies: PolicyReceivable[] = [];
    for (const [policyId, invoices] of byPolicy) {
      const rows = invoices.flatMap((invoice) => rowsByInvoice.get(invoice.id) ?? []);
      const account = accountOf(invoices, rows, date);
      if (account.charges !== 0 || account.credits !== 0 || account.payments !== 0) policies.push({ policyId, ...account });
    }
    policies.sort((a, b) => a.policyId.localeCompare(b.policyId));
    return { asOf: date, totals: sumAccounts(policies), policies };
  }

  /** Every row on the invoices, read a batch of invoices at a time rather than a policy at a time. */
  private async rowsOf(orgId: string, invoices: readonly Invoice[]): Promise<Map<string, Payment[]>> {
    const byInvoice = new Map<string, Payment[]>();
    for (let start = 0; start < invoices.length; start += ROWS_BATCH) {
      if (start > 0) await nextTurn();
      const ids = invoices.slice(start, start + ROWS_BATCH).map((invoice) => invoice.id);
      for (const row of await this.deps.payments.forInvoices(orgId, ids)) {
        const rows = byInvoice.get(row.invoiceId);
        if (rows) rows.push(row);
        else byInvoice.set(row.invoiceId, [row]);
      }
    }
    return byInvoice;
  }

  async account(orgId: string, policyId: string, asOf?: CalendarDate): Promise<{ asOf: CalendarDate } & PolicyAccount> {
    if (!(await this.deps.policies.findById(orgId, policyId))) throw notFound('Policy');
    const date = asOf ?? today(this.deps.clock.now(orgId));
    const { invoices, payments } = await policyPayments(this.deps, orgId, policyId);
    return { asOf: date, ...accountOf(invoices, payments, date) };
  }
}
