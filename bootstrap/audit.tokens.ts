import type { AuditLog } from '../ports/audit/audit-log.port.ts';
import type { AuditTrail } from '../ports/audit/audit-trail.use-case.ts';
import { token } from './wiring.ts';

/** The audit log and the trail every change writes to it. Each key is typed by the port bound to it in `audit.module.ts`. */
export const AUDIT = {
  AuditLog: token<AuditLog>('AuditLog'),
  AuditTrail: token<AuditTrail>('AuditTrail'),
} as const;
