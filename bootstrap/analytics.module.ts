import { analyticsRoutes } from '../adapters/http/analytics/analytics.routes.ts';
import { Analytics } from '../ports/analytics/analytics.use-case.ts';
import { ANALYTICS } from './analytics.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The organization's figures: portfolio, loss ratios, commissions and delegated-authority utilization. */
export const analyticsModule = (): ContextModule => ({
  name: 'analytics',
  bindings: bindings((wire) => {
    wire.factory(
      ANALYTICS.Analytics,
      {
        policies: POLICY.PolicyRepository,
        claims: CLAIMS.ClaimRepository,
        ledger: BILLING.LedgerRepository,
        programs: UNDERWRITING.ProgramRepository,
        reference: UNDERWRITING.ReferenceData,
        writtenPremium: UNDERWRITING.WrittenPremiumCounter,
        clock: PLATFORM.Clock,
      },
      (deps) => new Analytics(deps),
    );
  }),
  routes: async (resolve) => analyticsRoutes(await resolve(ANALYTICS.Analytics)),
});
