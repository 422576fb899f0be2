import { claimAttachmentRoutes } from '../adapters/http/claims/claim-attachments.routes.ts';
import { claimRoutes } from '../adapters/http/claims/claims.routes.ts';
import { ClaimStoreRepository } from '../adapters/persistence/claims/claim.store-repository.ts';
import { ClaimAttachments } from '../ports/claims/claim-attachments.use-case.ts';
import { ClaimSettlements } from '../ports/claims/claim-settlements.use-case.ts';
import { Claims } from '../ports/claims/claims.use-case.ts';
import { ClaimedLosses } from '../ports/claims/reported-losses.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { FLAGS } from './flags.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';
import { allKeptFigures } from '../ports/shared/persistence/kept-figures.port.ts';

/** Claims from first notice of loss to close: reserves, settlements with approval, denial, attachments. */
export const claimsModule = (config: AppConfig): ContextModule => ({
  name: 'claims',
  bindings: bindings((wire) => {
    const change = {
      claims: CLAIMS.ClaimRepository,
      policies: POLICY.PolicyRepository,
      audit: AUDIT.AuditTrail,
      ids: PLATFORM.Ids,
      clock: PLATFORM.Clock,
    } as const;
    wire.factory(CLAIMS.ClaimRepository, { store: PLATFORM.Store, figures: allOf(CLAIMS.KeptFigures) }, ({ store, figures }) =>
      ClaimStoreRepository.create(store, allKeptFigures(figures)),
    );
    wire.factory(
      CLAIMS.Claims,
      { ...change, users: IDENTITY.UserRepository, sequences: PLATFORM.Sequences, relationships: AUTHORIZATION.RecordRelationships },
      (deps) => new Claims(deps),
    );
    wire.factory(
      CLAIMS.ClaimSettlements,
      { ...change, organizations: TENANCY.OrganizationRepository, persons: IDENTITY.ActorPersons },
      (deps) => new ClaimSettlements(deps),
    );
    // Policy reads the losses reported on a policy through its own port; claims contributes them.
    wire.contribute(POLICY.ReportedLossSources, { claims: CLAIMS.ClaimRepository }, ({ claims }) => new ClaimedLosses(claims));
    wire.factory(
      CLAIMS.ClaimAttachments,
      { claims: CLAIMS.ClaimRepository, library: DOCUMENTS.DocumentLibrary, audit: AUDIT.AuditTrail, ids: PLATFORM.Ids, flags: FLAGS.FeatureFlags },
      (deps) => new ClaimAttachments(deps),
    );
  }),
  routes: async (resolve) => [
    ...claimRoutes(await resolve(CLAIMS.Claims), await resolve(CLAIMS.ClaimSettlements), await resolve(AUTHORIZATION.RecordAccess)),
    ...claimAttachmentRoutes(await resolve(CLAIMS.ClaimAttachments), config.publicBaseUrl),
  ],
});
