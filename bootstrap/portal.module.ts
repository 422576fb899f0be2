import type { Logger } from 'pino';
import { policyholderTokenRoutes } from '../adapters/http/portal/policyholder-token.routes.ts';
import { portalRoutes } from '../adapters/http/portal/portal.routes.ts';
import { InsuredProfileStoreRepository, PushTokenStoreRepository } from '../adapters/persistence/portal/insured-profile.store-repository.ts';
import { PolicyholderCodeStoreRepository } from '../adapters/persistence/portal/policyholder-code.store-repository.ts';
import { PolicyholderSignIn } from '../ports/portal/policyholder-sign-in.use-case.ts';
import { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { FLAGS } from './flags.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { PORTAL } from './portal.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The policyholder portal: sign-in by a code mailed to the insured, then the insured's own policy terms, invoices, claims, documents and contact details. */
export const portalModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'portal',
  bindings: bindings((wire) => {
    wire.factory(PORTAL.InsuredProfileRepository, { store: PLATFORM.Store }, ({ store }) => InsuredProfileStoreRepository.create(store));
    wire.factory(PORTAL.PushTokenRepository, { store: PLATFORM.Store }, ({ store }) => PushTokenStoreRepository.create(store));
    wire.factory(PORTAL.PolicyholderCodeRepository, { store: PLATFORM.Store }, ({ store }) => PolicyholderCodeStoreRepository.create(store));
    wire.factory(
      PORTAL.PolicyholderSignIn,
      {
        policies: POLICY.PolicyRepository,
        codes: PORTAL.PolicyholderCodeRepository,
        mailer: PLATFORM.Mailer,
        secrets: PLATFORM.SecretTools,
        tokens: IDENTITY.TokenSigner,
        requestWindows: RATE_LIMIT.SignInAttempts,
        clock: PLATFORM.Clock,
      },
      (deps) =>
        new PolicyholderSignIn({
          ...deps,
          reportFailure: (error) => logger.error({ err: error }, 'a policyholder sign-in code could not be issued'),
        }),
    );
    wire.factory(
      PORTAL.PolicyholderPortal,
      {
        policies: POLICY.PolicyRepository,
        invoices: BILLING.InvoiceRepository,
        claims: CLAIMS.ClaimRepository,
        library: DOCUMENTS.DocumentLibrary,
        certificates: POLICY.Certificates,
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
  routes: async (resolve) => [
    ...policyholderTokenRoutes(await resolve(PORTAL.PolicyholderSignIn)),
    ...portalRoutes(await resolve(PORTAL.PolicyholderPortal), config.publicBaseUrl),
  ],
});
