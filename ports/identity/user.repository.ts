import type { Role } from '../../core/shared/access/roles.ts';
import type { User } from '../../core/identity/user.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface UserRepository {
  /** Rejects with `duplicate` when the e-mail is taken. */
  insert(user: User): Promise<void>;
  findById(orgId: string, id: string): Promise<User | null>;
  /** E-mail addresses are unique across the platform; sign-in starts from one. */
  findByEmail(email: string): Promise<User | null>;
  list(orgId: string, page: PageRequest): Promise<Page<User>>;
  /** Every user of the organization holding one of `roles`. */
  withRoles(orgId: string, roles: readonly Role[]): Promise<User[]>;
  update(orgId: string, id: string, changes: { role?: Role; name?: string }, at: Date): Promise<User | null>;
  /** Records the proof of the address, once. */
  markEmailVerified(orgId: string, id: string, at: Date): Promise<void>;
}
