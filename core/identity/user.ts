import type { Role } from '../shared/access/roles.ts';
import { isoInstant } from '../shared/iso-instant.ts';

export interface User {
  readonly id: string;
  readonly orgId: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly passwordHash: string;
  /**
   * When the address was proven (a code from sign-up, or creation by an administrator); null
   * until then, and such an account cannot sign in. Accounts stored before the proof existed
   * carry no field and count as proven.
   */
  readonly emailVerifiedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a user record shows to callers: never the password hash. */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly orgId: string;
  readonly name: string;
  readonly createdAt: string;
}

export const viewUser = (user: User): UserView => ({
  id: user.id,
  email: user.email,
  role: user.role,
  orgId: user.orgId,
  name: user.name,
  createdAt: isoInstant(user.createdAt),
});
