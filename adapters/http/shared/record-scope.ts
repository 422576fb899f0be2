import type { Principal } from '../../../core/shared/access/principal.ts';
import type { RecordAccess, RecordType } from '../../../ports/authorization/record-access.use-case.ts';
import type { Among } from '../../../ports/shared/persistence/page.ts';

/** A list's narrowing to the records of `type` the caller may see: nothing for whoever sees them all. */
export const visibleAmong = async (records: RecordAccess, context: { principal: Principal }, orgId: string, type: RecordType): Promise<Among> => {
  const ids = await records.visibleIds(context.principal, orgId, type);
  return ids ? { among: ids } : {};
};
