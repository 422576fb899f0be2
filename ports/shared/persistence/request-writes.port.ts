import type { GroupedWrite } from './collection-store.port.ts';

/** A request's write (its audit entry), made for the group it joins: it may name what that group creates. */
export type RequestWrite = (group: readonly GroupedWrite[]) => GroupedWrite;

/**
 * A write that belongs to a request rather than to any one record: it joins the first group the
 * request's command commits, so the change and its entry are kept together or not at all.
 */
export interface RequestWrites {
  /** Runs a request's work with `write` waiting for its first group; answers whether a group kept it. */
  around<T>(write: RequestWrite, work: () => Promise<T>): Promise<{ result: T; kept: boolean }>;
}
