import { portalRoutes } from '../adapters/http/portal/portal.routes.ts';
import { InsuredProfileStoreRepository, PushTokenStoreRepository } from '../adapters/persistence/portal/insured-profile.store-repository.ts';
import { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { FLAGS } from './flags.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { PORTAL } from './portal.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The policyholder portal: the insured's own policy terms, invoices, claims, documents and contact details. */
export const portalModule = (config: AppConfig): ContextModule => ({
  name: 'portal',
  bindings: bindings((wire) => {
    wire.factory(PORTAL.InsuredProfileRepository, { store: PLATFORM.Store }, ({ store }) => InsuredProfileStoreRepository.create(store));
    wire.factory(PORTAL.PushTokenRepository, { store: PLATFORM.Store }, ({ store }) => PushTokenStoreRepository.create(store));
    wire.factory(
      PORTAL.PolicyholderPortal,
      {
        policies: POLICY.PolicyRepository,
        invoices: BILLING.InvoiceRepository,
        claims: CLAIMS.ClaimRepository,
        library: DOCUMENTS.DocumentLibrary,
        certificates: DOCUMENTS.Certificates,
        rendering: DOCUMENTS.PdfRendering,
        profiles: PORTAL.InsuredProfileRepository,
        pushTokens: PORTAL.PushTokenRepository,
        audit: AUDIT.AuditTrail,
        clock: PLATFORM.Clock,
        flags: FLAGS.FeatureFlags,
      },
      (deps) => new PolicyholderPortal(deps),
    );
  }),
  routes: async (resolve) => portalRoutes(await resolve(PORTAL.PolicyholderPortal), config.publicBaseUrl),
});
