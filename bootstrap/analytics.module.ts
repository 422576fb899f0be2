import { analyticsRoutes } from '../adapters/http/analytics/analytics.routes.ts';
import { PortfolioDaysStore } from '../adapters/persistence/analytics/portfolio-days.store.ts';
import { Analytics } from '../ports/analytics/analytics.use-case.ts';
import { portfolioSources } from './portfolio-sources.ts';
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
    // Opened while the service starts: a store whose records predate the kept figures is counted then, once.
    wire.factory(ANALYTICS.PortfolioDays, { store: PLATFORM.Store }, ({ store }) => PortfolioDaysStore.open(store, portfolioSources(store)));
    // The figures kept with policies and claims, offered to their contexts: they write them with their records and ask nothing of analytics.
    wire.contribute(POLICY.KeptPremiumSources, { days: ANALYTICS.PortfolioDays }, ({ days }) => days);
    wire.contribute(POLICY.KeptFigures, {}, () => PortfolioDaysStore.policyFigures);
    wire.contribute(CLAIMS.KeptFigures, {}, () => PortfolioDaysStore.claimFigures);
    wire.factory(
      ANALYTICS.Analytics,
      {
        policies: POLICY.PolicyRepository,
        claims: CLAIMS.ClaimRepository,
        portfolioDays: ANALYTICS.PortfolioDays,
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
