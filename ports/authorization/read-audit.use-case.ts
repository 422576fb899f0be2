import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';

/** A read an auditor made: the route, and the record it named when it named one. */
interface AuditedRead {
  readonly operationId: string;
  readonly path: string;
  readonly record: { readonly type: string; readonly id: string } | null;
  readonly query: Readonly<Record<string, unknown>>;
}

/**
 * Auditors read the whole book and change nothing; what they read is itself on record, in the
 * audit log, written before the answer leaves.
 */
export class ReadAudit {
  private readonly audit: AuditTrail;

  constructor(audit: AuditTrail) {
    this.audit = audit;
  }

  applies(principal: Principal): boolean {
    return principal.kind === 'user' && principal.role === 'auditor';
  }

  record(principal: Principal, orgId: string, read: AuditedRead): Promise<void> {
    return this.audit.record(principal, orgId, 'record.read', read.record ?? { type: 'route', id: read.operationId }, {
      operationId: read.operationId,
      path: read.path,
      query: read.query,
    });
  }
}
