import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Role } from '../../core/shared/access/roles.ts';
import type { User } from '../../core/identity/user.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface UserRepository {
  /** A new user, for the write that creates it: the group fails with `duplicate` when the e-mail is taken. */
  insertWrite(user: User): GroupedWrite;
  findById(orgId: string, id: string): Promise<User | null>;
  /** E-mail addresses are unique across the platform; sign-in starts from one. */
  findByEmail(email: string): Promise<User | null>;
  list(orgId: string, page: PageRequest): Promise<Page<User>>;
  /** Every user of the organization holding one of `roles`. */
  withRoles(orgId: string, roles: readonly Role[]): Promise<User[]>;
  /** A change of role or name, for the write that makes it: guard `user_gone` fails it when the user is not there. */
  updateWrite(orgId: string, id: string, changes: { role?: Role; name?: string }, at: Date): GroupedWrite;
  /** Records the proof of the address, once. */
  markEmailVerified(orgId: string, id: string, at: Date): Promise<void>;
}
