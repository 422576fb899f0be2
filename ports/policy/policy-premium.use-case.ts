import { isCash } from '../../core/billing/payment.ts';
import { billedByKind } from '../../core/billing/premium-billing.ts';
import { feesThrough } from '../../core/policy/charged-parts.ts';
import type { ChargeTerms, FeesAndTaxes } from '../../core/underwriting/charge-terms.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import { premiumAsOf, type PremiumTransaction } from '../../core/policy/premium.ts';
import { compareDates, today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from '../billing/invoice.repository.ts';
import type { KeptPremium } from './kept-premium.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { PolicyRepository } from './policy.repositories.ts';

export interface PolicyPremiumReport {
  readonly asOf: CalendarDate;
  readonly written: Cents;
  readonly earned: Cents;
  readonly unearned: Cents;
  /** Premium lines of the invoices not voided that fall due on or before the date (credits negative). */
  readonly billed: Cents;
  /** Payments received on or before the date (premium, fee and taxes alike), refunds taken off. */
  readonly collected: Cents;
  /** Fee and each tax component charged by the transactions effective on or before the date, net of returns. */
  readonly taxesAndFees: FeesAndTaxes;
  /** The term's charge terms (the components' names and payees). */
  readonly chargeTerms: ChargeTerms;
  readonly transactions: readonly PremiumTransaction[];
}

export interface PremiumFigures {
  readonly policyCount: number;
  readonly written: Cents;
  readonly earned: Cents;
  readonly unearned: Cents;
}

/** An organization's premium as of a date: every policy with premium written by then, in all and by line of business. */
export interface OrganizationPremiumReport extends PremiumFigures {
  readonly asOf: CalendarDate;
  readonly byLineOfBusiness: readonly (PremiumFigures & { readonly lineOfBusiness: LineOfBusiness })[];
}

const NO_FIGURES: PremiumFigures = { policyCount: 0, written: cents(0), earned: cents(0), unearned: cents(0) };

const add = (total: PremiumFigures, figures: { written: Cents; earned: Cents; unearned: Cents }): PremiumFigures => ({
  policyCount: total.policyCount + 1,
  written: cents(total.written + figures.written),
  earned: cents(total.earned + figures.earned),
  unearned: cents(total.unearned + figures.unearned),
});

/**
 * Policies' premium as of a date, summed one policy at a time (a whole book need not be held):
 * the terms started by then, in all and by line of business.
 */
export const premiumTotals = (asOf: CalendarDate): { add(policy: Policy): void; report(): OrganizationPremiumReport } => {
  let total = NO_FIGURES;
  const byLine = new Map<LineOfBusiness, PremiumFigures>();
  return {
    add(policy) {
      if (compareDates(policy.effectiveDate, asOf) > 0) return;
      const figures = premiumAsOf(premiumTermOf(policy), asOf);
      total = add(total, figures);
      byLine.set(policy.risk.lineOfBusiness, add(byLine.get(policy.risk.lineOfBusiness) ?? NO_FIGURES, figures));
    },
    report() {
      const byLineOfBusiness = [...byLine.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([lineOfBusiness, figures]) => ({ lineOfBusiness, ...figures }));
      return { asOf, ...total, byLineOfBusiness };
    },
  };
};

export interface PolicyPremiumDeps {
  readonly policies: PolicyRepository;
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly keptPremium: KeptPremium;
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
    const asOf = date ?? today(this.deps.clock.now(orgId));
    const term = premiumTermOf(policy);
    const { invoices, payments } = await policyPayments(this.deps, orgId, policyId);
    const due = invoices.filter((invoice) => compareDates(invoice.dueDate, asOf) <= 0);
    const collected = payments
      .filter((payment) => isCash(payment) && compareDates(today(payment.receivedAt), asOf) <= 0)
      .reduce((sum, payment) => sum + payment.amount, 0);
    const taxesAndFees = feesThrough(term.transactions, asOf);
    return {
      asOf,
      ...premiumAsOf(term, asOf),
      billed: billedByKind(due).premium,
      collected: cents(collected),
      taxesAndFees,
      chargeTerms: chargeTermsOf(policy),
      transactions: term.transactions,
    };
  }

  /**
   * Every policy of the organization with premium written by the date, by line: the earned and
   * unearned premium a carrier's bordereau and an MGA's books report. Read from the figures kept
   * with each policy change (a few rows a month of the book); `premiumTotals` recounts the same
   * from the policies, to prove it.
   */
  async organizationAsOf(orgId: string, date?: CalendarDate): Promise<OrganizationPremiumReport> {
    const asOf = date ?? today(this.deps.clock.now(orgId));
    let total = NO_FIGURES;
    const byLineOfBusiness = (await this.deps.keptPremium.premiumByLine(orgId, asOf))
      .sort((a, b) => a.lineOfBusiness.localeCompare(b.lineOfBusiness))
      .map(({ lineOfBusiness, policyCount, written, earned }) => {
        const figures = { policyCount, written, earned, unearned: cents(written - earned) };
        total = {
          ...figures,
          policyCount: total.policyCount + policyCount,
          written: cents(total.written + written),
          earned: cents(total.earned + earned),
          unearned: cents(total.unearned + figures.unearned),
        };
        return { lineOfBusiness, ...figures };
      });
    return { asOf, ...total, byLineOfBusiness };
  }
}
