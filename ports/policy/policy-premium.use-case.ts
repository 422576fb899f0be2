import { netBilled } from '../../core/billing/premium-billing.ts';
import { premiumTermOf } from '../../core/policy/policy.ts';
import { premiumAsOf, type PremiumTransaction } from '../../core/policy/premium.ts';
import { compareDates, today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { InvoiceRepository, PaymentRepository } from '../billing/invoice.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { PolicyRepository } from './policy.repositories.ts';

export interface PolicyPremiumReport {
  readonly asOf: CalendarDate;
  readonly written: Cents;
  readonly earned: Cents;
  readonly unearned: Cents;
  /** Invoices not voided that fall due on or before the date (credits negative). */
  readonly billed: Cents;
  /** Payments received on or before the date, refunds taken off. */
  readonly collected: Cents;
  readonly transactions: readonly PremiumTransaction[];
}

export interface PolicyPremiumDeps {
  readonly policies: PolicyRepository;
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly clock: Clock;
}

/** A policy's premium as of a date: what its transactions wrote and earned, and what was billed and collected for it. */
export class PolicyPremium {
  private readonly deps: PolicyPremiumDeps;

  constructor(deps: PolicyPremiumDeps) {
    this.deps = deps;
  }

  async asOf(orgId: string, policyId: string, date?: CalendarDate): Promise<PolicyPremiumReport> {
    const policy = await this.deps.policies.findById(orgId, policyId);
    if (!policy) throw notFound('Policy');
    const asOf = date ?? today(this.deps.clock.now());
    const term = premiumTermOf(policy);
    const invoices = await this.deps.invoices.forPolicy(orgId, policyId);
    const due = invoices.filter((invoice) => compareDates(invoice.dueDate, asOf) <= 0);
    const payments = (await Promise.all(invoices.map((invoice) => this.deps.payments.forInvoice(orgId, invoice.id)))).flat();
    const collected = payments.filter((payment) => compareDates(today(payment.receivedAt), asOf) <= 0).reduce((sum, payment) => sum + payment.amount, 0);
    return { asOf, ...premiumAsOf(term, asOf), billed: netBilled(due), collected: cents(collected), transactions: term.transactions };
  }
}
