import { claimAttachmentRoutes } from '../adapters/http/claims/claim-attachments.routes.ts';
import { claimRoutes } from '../adapters/http/claims/claims.routes.ts';
import { ClaimStoreRepository } from '../adapters/persistence/claims/claim.store-repository.ts';
import { ClaimAttachments } from '../ports/claims/claim-attachments.use-case.ts';
import { ClaimSettlements } from '../ports/claims/claim-settlements.use-case.ts';
import { Claims } from '../ports/claims/claims.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Claims from first notice of loss to close: reserves, settlements with approval, denial. */
export const claimsModule = (config: AppConfig): ContextModule => ({
  name: 'claims',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.ClaimRepository, [TOKENS.Store], ClaimStoreRepository.create);
    wire.factory(
      TOKENS.Claims,
      [
        TOKENS.ClaimRepository,
        TOKENS.PolicyRepository,
        TOKENS.UserRepository,
        TOKENS.Sequences,
        TOKENS.RecordRelationships,
        TOKENS.AuditTrail,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (claims, policies, users, sequences, relationships, audit, ids, clock) =>
        new Claims({ claims, policies, users, sequences, relationships, audit, ids, clock }),
    );
    wire.factory(
      TOKENS.ClaimSettlements,
      [TOKENS.ClaimRepository, TOKENS.OrganizationRepository, TOKENS.PolicyRepository, TOKENS.AuditTrail, TOKENS.Ids, TOKENS.Clock],
      (claims, organizations, policies, audit, ids, clock) => new ClaimSettlements({ claims, organizations, policies, audit, ids, clock }),
    );
    wire.factory(
      TOKENS.ClaimAttachments,
      [TOKENS.ClaimRepository, TOKENS.DocumentLibrary, TOKENS.AuditTrail, TOKENS.Ids, TOKENS.FeatureFlags],
      (claims, library, audit, ids, flags) => new ClaimAttachments({ claims, library, audit, ids, flags }),
    );
  }),
  routes: async (resolve) => [
    ...claimRoutes(await resolve(TOKENS.Claims), await resolve(TOKENS.ClaimSettlements), await resolve(TOKENS.RecordAccess)),
    ...claimAttachmentRoutes(await resolve(TOKENS.ClaimAttachments), config.publicBaseUrl),
  ],
});
