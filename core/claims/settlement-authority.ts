import type { Role } from '../identity/roles.ts';
import { cents, type Cents } from '../shared/money.ts';

/** What a claims supervisor may approve alone, unless the organization sets otherwise. */
export const DEFAULT_SUPERVISOR_AUTHORITY: Cents = cents(250_000_00);

/** Who may approve a settlement of this amount: an administrator any; a supervisor up to its authority. */
export const mayApprove = (role: Role | 'machine', amount: Cents, supervisorAuthority: Cents): boolean =>
  role === 'org_admin' || role === 'superadmin' || role === 'machine' || (role === 'claims_supervisor' && amount <= supervisorAuthority);

/** An offer is approved at once when the one making it may approve it; otherwise it waits for approval. */
export const offerStatus = (role: Role | 'machine', amount: Cents, supervisorAuthority: Cents): 'approved' | 'pending_approval' =>
  mayApprove(role, amount, supervisorAuthority) ? 'approved' : 'pending_approval';
