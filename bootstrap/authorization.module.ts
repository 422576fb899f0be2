import { EmbeddedAuthorizationGraph } from '../adapters/authorization/embedded-authorization-graph.ts';
import { RelationshipBackfill } from '../adapters/persistence/authorization/relationship-backfill.ts';
import { relationshipBackfillJob } from '../jobs/authorization/relationship-backfill.job.ts';
import { OpenFgaAuthorizationGraph } from '../adapters/authorization/openfga-authorization-graph.ts';
import type { AppConfig } from './config.ts';
import { ReadAudit } from '../ports/authorization/read-audit.ts';
import { InvoiceParts } from '../ports/billing/invoice-parts.ts';
import { RecordAccess } from '../ports/authorization/record-access.ts';
import { RecordRelationships } from '../ports/authorization/record-relationships.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Relationship-based authorization: the graph of who is related to which record, and the checks over it. */
export const authorizationModule = (config: AppConfig): ContextModule => ({
  name: 'authorization',
  bindings: bindings((wire) => {
    const openfga = config.openfga;
    wire.factory(TOKENS.AuthorizationGraph, [TOKENS.Store], (store) =>
      openfga ? OpenFgaAuthorizationGraph.create(openfga) : EmbeddedAuthorizationGraph.create(store),
    );
    wire.factory(TOKENS.RecordRelationships, [TOKENS.AuthorizationGraph], (graph) => new RecordRelationships(graph));
    wire.factory(
      TOKENS.RecordAccess,
      [TOKENS.AuthorizationGraph, TOKENS.InvoiceRepository],
      (graph, invoices) => new RecordAccess(graph, new InvoiceParts(invoices)),
    );
    wire.factory(TOKENS.ReadAudit, [TOKENS.AuditTrail], (audit) => new ReadAudit(audit));
  }),
  routes: async () => [],
  jobs: async (resolve) => [relationshipBackfillJob(new RelationshipBackfill(await resolve(TOKENS.Store), await resolve(TOKENS.RecordRelationships)))],
});
