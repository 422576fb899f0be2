import type { AccountingMonth } from '../../core/billing/accounting-period.ts';
import { surplusLinesTaxRows, type TaxReportRow } from '../../core/reports/surplus-lines-taxes.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import { everyRecord } from '../shared/persistence/page.ts';

export interface SurplusLinesTaxesDeps {
  readonly policies: PolicyRepository;
}

/** The month's surplus lines taxes and fees by home state, payee and component: what to remit to whom. */
export class SurplusLinesTaxes {
  private readonly deps: SurplusLinesTaxesDeps;

  constructor(deps: SurplusLinesTaxesDeps) {
    this.deps = deps;
  }

  async month(orgId: string, month: AccountingMonth): Promise<TaxReportRow[]> {
    return surplusLinesTaxRows(await everyRecord((page) => this.deps.policies.list(orgId, {}, page)), month);
  }
}
