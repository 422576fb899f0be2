import { portalRoutes } from '../adapters/http/portal/portal.routes.ts';
import { InsuredProfileStoreRepository, PushTokenStoreRepository } from '../adapters/persistence/portal/insured-profile.store-repository.ts';
import { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The policyholder portal: the insured's own policy terms, invoices, claims, documents and contact details. */
export const portalModule = (config: AppConfig): ContextModule => ({
  name: 'portal',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.InsuredProfileRepository, [TOKENS.Store], InsuredProfileStoreRepository.create);
    wire.factory(TOKENS.PushTokenRepository, [TOKENS.Store], PushTokenStoreRepository.create);
    wire.factory(
      TOKENS.PolicyholderPortal,
      [
        TOKENS.PolicyRepository,
        TOKENS.InvoiceRepository,
        TOKENS.ClaimRepository,
        TOKENS.DocumentLibrary,
        TOKENS.Certificates,
        TOKENS.PdfRendering,
        TOKENS.InsuredProfileRepository,
        TOKENS.PushTokenRepository,
        TOKENS.AuditTrail,
        TOKENS.Clock,
        TOKENS.FeatureFlags,
      ],
      (policies, invoices, claims, library, certificates, rendering, profiles, pushTokens, audit, clock, flags) =>
        new PolicyholderPortal({ policies, invoices, claims, library, certificates, rendering, profiles, pushTokens, audit, clock, flags }),
    );
  }),
  routes: async (resolve) => portalRoutes(await resolve(TOKENS.PolicyholderPortal), config.publicBaseUrl),
});
