import type { GroupedWrite } from './collection-store.port.ts';

/**
 * Commits what a command decided as one: every record, event, kept total and search term it
 * writes is kept, or none is (one SQLite transaction; one MongoDB transaction on a replica set).
 * A required write whose guard no longer holds fails the whole group with `RequiredWriteUnmatched`
 * naming that guard; a duplicate anywhere fails it with `duplicate`. Repositories say what each
 * of their changes writes (`…Writes` methods); the use case gathers them and commits once.
 */
export interface AtomicWrite {
  commit(writes: readonly GroupedWrite[]): Promise<void>;
}
