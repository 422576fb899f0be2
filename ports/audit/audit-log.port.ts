import type { AuditEntry } from '../../core/audit/audit-entry.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

export interface AuditFilters {
  readonly actor?: string;
  /** An action, or the start of one (`policy.` for every policy action). */
  readonly action?: string;
  readonly targetType?: string;
  readonly targetId?: string;
  readonly from?: Date;
  readonly to?: Date;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** The insert of an entry, for the one write of the command it records. */
  recordWrite(entry: AuditEntry): GroupedWrite;
  /** Newest first. */
  list(orgId: string, page: PageRequest, filters?: AuditFilters): Promise<Page<AuditEntry>>;
}
