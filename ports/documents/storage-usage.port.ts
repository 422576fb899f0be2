/** The bytes each organization keeps in document storage, kept as documents are stored. */
export interface StorageUsage {
  /**
   * Adds `bytes` to the organization's usage only if the total stays within `quotaBytes`, in one
   * guarded write (uploads racing for the last room are settled by the store); false otherwise.
   */
  reserve(orgId: string, bytes: number, quotaBytes: number): Promise<boolean>;
  /** Adds bytes (or gives them back, negative) whatever the quota: documents the platform itself produces. */
  add(orgId: string, bytes: number): Promise<void>;
  used(orgId: string): Promise<number>;
}
