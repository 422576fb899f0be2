import type { AccountingMonth } from '../../core/billing/accounting-period.ts';
import { surplusLinesTaxReport, type TaxReportRow } from '../../core/reports/surplus-lines-taxes.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import { forEachRecord } from '../shared/persistence/page.ts';

export interface SurplusLinesTaxesDeps {
  readonly policies: PolicyRepository;
}

/** The month's surplus lines taxes and fees by home state, payee and component: what to remit to whom. */
export class SurplusLinesTaxes {
  private readonly deps: SurplusLinesTaxesDeps;

  constructor(deps: SurplusLinesTaxesDeps) {
    this.deps = deps;
  }

  /** Walks the book a page at a time, keeping only the sums: memory stays flat whatever its size. */
  async month(orgId: string, month: AccountingMonth): Promise<TaxReportRow[]> {
    const report = surplusLinesTaxReport(month);
    await forEachRecord((page) => this.deps.policies.list(orgId, {}, page), report.add);
    return report.rows();
  }
}
