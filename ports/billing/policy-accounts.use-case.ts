import { accountOf, type PolicyAccount } from '../../core/billing/policy-account.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import type { Clock } from '../shared/clock.port.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { PolicyLookup } from './premium-books.use-case.ts';

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

  async account(orgId: string, policyId: string, asOf?: CalendarDate): Promise<{ asOf: CalendarDate } & PolicyAccount> {
    if (!(await this.deps.policies.findById(orgId, policyId))) throw notFound('Policy');
    const date = asOf ?? today(this.deps.clock.now());
    const { invoices, payments } = await policyPayments(this.deps, orgId, policyId);
    return { asOf: date, ...accountOf(invoices, payments, date) };
  }
}
