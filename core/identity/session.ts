export interface Session {
  readonly id: string;
  readonly orgId: string;
  readonly userId: string;
  /** SHA-256 of the opaque session token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export const sessionActive = (session: Session, now: Date): boolean => session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
