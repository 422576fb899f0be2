import type { AuthorizationGraph } from '../ports/authorization/authorization-graph.port.ts';
import type { ReadAudit } from '../ports/authorization/read-audit.use-case.ts';
import type { RecordAccess, RecordParts } from '../ports/authorization/record-access.use-case.ts';
import type { RecordRelationships } from '../ports/authorization/record-relationships.use-case.ts';
import { token } from './wiring.ts';

/** The relationship graph and the record checks over it. Each key is typed by the port bound to it in `authorization.module.ts`. */
export const AUTHORIZATION = {
  AuthorizationGraph: token<AuthorizationGraph>('AuthorizationGraph'),
  RecordRelationships: token<RecordRelationships>('RecordRelationships'),
  RecordAccess: token<RecordAccess>('RecordAccess'),
  ReadAudit: token<ReadAudit>('ReadAudit'),
  /** Records that are part of another (an invoice of its policy), each told by the context that owns them (`wire.contribute`). */
  RecordParts: token<RecordParts>('RecordParts'),
} as const;
