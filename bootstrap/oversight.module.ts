import { analyticsRoutes } from '../adapters/http/analytics/analytics.routes.ts';
import { Analytics } from '../ports/analytics/analytics.use-case.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Oversight: the organization's figures (analytics). */
export const oversightModule = (): ContextModule => ({
  name: 'oversight',
  bindings: bindings((wire) => {
    wire.factory(
      TOKENS.Analytics,
      [
        TOKENS.PolicyRepository,
        TOKENS.PolicyPremium,
        TOKENS.ClaimRepository,
        TOKENS.CommissionRepository,
        TOKENS.ProgramRepository,
        TOKENS.ReferenceData,
        TOKENS.WrittenPremiumLedger,
        TOKENS.Clock,
      ],
      (policies, premium, claims, commissions, programs, reference, writtenPremium, clock) =>
        new Analytics({ policies, premium, claims, commissions, programs, reference, writtenPremium, clock }),
    );
  }),
  routes: async (resolve) => analyticsRoutes(await resolve(TOKENS.Analytics)),
});
