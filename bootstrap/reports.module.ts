import { bordereauxRoutes } from '../adapters/http/reports/bordereaux.routes.ts';
import { receivablesRoutes } from '../adapters/http/reports/receivables.routes.ts';
import { surplusLinesTaxRoutes } from '../adapters/http/reports/surplus-lines-taxes.routes.ts';
import { SurplusLinesTaxes } from '../ports/reports/surplus-lines-taxes.use-case.ts';
import { Bordereaux } from '../ports/reports/bordereaux.use-case.ts';
import { StoreClosedMonths } from '../adapters/persistence/reports/closed-months.store.ts';
import { PLATFORM } from './platform.tokens.ts';
import { accountingPeriodRoutes } from '../adapters/http/reports/accounting-periods.routes.ts';
import { PeriodClosing } from '../ports/reports/period-closing.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { REPORTS } from './reports.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Bordereaux (the month's premium and claims, as carriers take them), surplus lines taxes by payee, receivables and month-end close. */
export const reportsModule = (): ContextModule => ({
  name: 'reports',
  bindings: bindings((wire) => {
    wire.factory(REPORTS.ClosedMonths, { store: PLATFORM.Store }, ({ store }) => StoreClosedMonths.create(store));
    wire.factory(
      REPORTS.Bordereaux,
      {
        policies: POLICY.PolicyRepository,
        claims: CLAIMS.ClaimRepository,
        commissions: BILLING.CommissionChanges,
        periods: BILLING.AccountingPeriods,
        closedMonths: REPORTS.ClosedMonths,
        clock: PLATFORM.Clock,
      },
      (deps) => new Bordereaux(deps),
    );
    wire.factory(
      REPORTS.PeriodClosing,
      {
        periods: BILLING.AccountingPeriods,
        closedMonths: REPORTS.ClosedMonths,
        bordereaux: REPORTS.Bordereaux,
        audit: AUDIT.AuditTrail,
        clock: PLATFORM.Clock,
      },
      (deps) => new PeriodClosing(deps),
    );
    wire.factory(REPORTS.SurplusLinesTaxes, { policies: POLICY.PolicyRepository }, (deps) => new SurplusLinesTaxes(deps));
  }),
  routes: async (resolve) => [
    ...bordereauxRoutes(await resolve(REPORTS.Bordereaux)),
    ...receivablesRoutes(await resolve(BILLING.PolicyAccounts)),
    ...surplusLinesTaxRoutes(await resolve(REPORTS.SurplusLinesTaxes)),
    ...accountingPeriodRoutes(await resolve(REPORTS.PeriodClosing)),
  ],
});
