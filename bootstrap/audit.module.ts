import { auditRoutes } from '../adapters/http/audit/audit.routes.ts';
import { AuditLogStore } from '../adapters/persistence/audit/audit-log.store.ts';
import { AuditTrail } from '../ports/audit/audit-trail.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The audit log: what every change writes, and who reads it. */
export const auditModule = (): ContextModule => ({
  name: 'audit',
  bindings: bindings((wire) => {
    wire.factory(AUDIT.AuditLog, { store: PLATFORM.Store }, ({ store }) => AuditLogStore.create(store));
    wire.factory(AUDIT.AuditTrail, { log: AUDIT.AuditLog, ids: PLATFORM.Ids, clock: PLATFORM.Clock }, ({ log, ids, clock }) => new AuditTrail(log, ids, clock));
  }),
  routes: async (resolve) => auditRoutes(await resolve(AUDIT.AuditLog)),
});
