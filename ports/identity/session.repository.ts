import type { Session } from '../../core/identity/session.ts';

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  /** Sessions are found by their token's hash alone: the token is the credential. */
  findByTokenHash(tokenHash: string): Promise<Session | null>;
  findById(orgId: string, id: string): Promise<Session | null>;
  revoke(orgId: string, id: string, at: Date): Promise<void>;
}
