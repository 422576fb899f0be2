import { EmbeddedAuthorizationGraph } from '../adapters/authorization/embedded-authorization-graph.ts';
import { RelationshipBackfill } from '../adapters/persistence/authorization/relationship-backfill.ts';
import { relationshipBackfillJob } from '../jobs/authorization/relationship-backfill.job.ts';
import { ReadAudit } from '../ports/authorization/read-audit.use-case.ts';
import { everyPart, RecordAccess } from '../ports/authorization/record-access.use-case.ts';
import { RecordRelationships } from '../ports/authorization/record-relationships.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import type { AppConfig } from './config.ts';
import { PLATFORM } from './platform.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/** Relationship-based authorization: the graph of who is related to which record, and the checks over it. */
export const authorizationModule = (config: AppConfig): ContextModule => ({
  name: 'authorization',
  bindings: bindings((wire) => {
    const openfga = config.openfga;
    // The OpenFGA client is loaded only when a server is configured.
    wire.factory(AUTHORIZATION.AuthorizationGraph, { store: PLATFORM.Store }, async ({ store }) =>
      openfga
        ? (await import('../adapters/authorization/openfga-authorization-graph.ts')).OpenFgaAuthorizationGraph.create(openfga)
        : EmbeddedAuthorizationGraph.create(store),
    );
    wire.factory(AUTHORIZATION.RecordRelationships, { graph: AUTHORIZATION.AuthorizationGraph }, ({ graph }) => new RecordRelationships(graph));
    // Records that are part of another (an invoice of its policy) are told by the context that owns
    // them, which contributes its parts here: authorization asks nothing of those contexts.
    wire.factory(
      AUTHORIZATION.RecordAccess,
      { graph: AUTHORIZATION.AuthorizationGraph, parts: allOf(AUTHORIZATION.RecordParts) },
      ({ graph, parts }) => new RecordAccess(graph, everyPart(parts)),
    );
    wire.factory(AUTHORIZATION.ReadAudit, { audit: AUDIT.AuditTrail }, ({ audit }) => new ReadAudit(audit));
  }),
  jobs: async (resolve) => [relationshipBackfillJob(new RelationshipBackfill(await resolve(PLATFORM.Store), await resolve(AUTHORIZATION.RecordRelationships)))],
});
