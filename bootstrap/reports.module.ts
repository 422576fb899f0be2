import { bordereauxRoutes } from '../adapters/http/reports/bordereaux.routes.ts';
import { receivablesRoutes } from '../adapters/http/reports/receivables.routes.ts';
import { Bordereaux } from '../ports/reports/bordereaux.use-case.ts';
import { BILLING } from './billing.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { REPORTS } from './reports.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Bordereaux: the month's premium and claims, as carriers take them. */
export const reportsModule = (): ContextModule => ({
  name: 'reports',
  bindings: bindings((wire) => {
    wire.factory(
      REPORTS.Bordereaux,
      { policies: POLICY.PolicyRepository, claims: CLAIMS.ClaimRepository, commissions: BILLING.CommissionChanges },
      (deps) => new Bordereaux(deps),
    );
  }),
  routes: async (resolve) => [...bordereauxRoutes(await resolve(REPORTS.Bordereaux)), ...receivablesRoutes(await resolve(BILLING.PolicyAccounts))],
});
