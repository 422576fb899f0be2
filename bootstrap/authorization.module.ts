import { EmbeddedAuthorizationGraph } from '../adapters/authorization/embedded-authorization-graph.ts';
import { RecordAccess } from '../ports/authorization/record-access.ts';
import { RecordRelationships } from '../ports/authorization/record-relationships.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Relationship-based authorization: the graph of who is related to which record, and the checks over it. */
export const authorizationModule = (): ContextModule => ({
  name: 'authorization',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.AuthorizationGraph, [TOKENS.Store], (store) => EmbeddedAuthorizationGraph.create(store));
    wire.factory(TOKENS.RecordRelationships, [TOKENS.AuthorizationGraph], (graph) => new RecordRelationships(graph));
    wire.factory(TOKENS.RecordAccess, [TOKENS.AuthorizationGraph], (graph) => new RecordAccess(graph));
  }),
  routes: async () => [],
});
