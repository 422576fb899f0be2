import type { AuditEntry } from '../../core/audit/audit-entry.ts';
import type { Page, PageRequest } from '../persistence/page.ts';

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  list(orgId: string, page: PageRequest): Promise<Page<AuditEntry>>;
}
