/** One recorded administrative action: who did what to which record, and when. */
export interface AuditEntry {
  readonly id: string;
  readonly orgId: string;
  readonly actor: string;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly at: Date;
  readonly details: Record<string, unknown>;
}
