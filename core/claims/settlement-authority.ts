import type { Principal } from '../shared/access/principal.ts';
import type { Role } from '../shared/access/roles.ts';
import { DomainError } from '../shared/domain-error.ts';
import { centsToDollars, cents, type Cents } from '../shared/money.ts';

/** What a claims supervisor may approve alone, unless the organization sets otherwise. */
export const DEFAULT_SUPERVISOR_AUTHORITY: Cents = cents(250_000_00);

type Ceiling = Cents | 'any' | 'none';

const roleCeiling = (role: Role | null, supervisorAuthority: Cents): Ceiling => {
  if (role === 'org_admin' || role === 'superadmin') return 'any';
  return role === 'claims_supervisor' ? supervisorAuthority : 'none';
};

/**
 * Settlement authority belongs to people. An administrator approves any amount and a claims
 * supervisor up to its authority. An API key has no authority of its own: an offer it makes always
 * waits for a person, and its approval (a key needs `claims:approve`) counts as its creator's and
 * reaches no further than the lesser of its creator's authority and a supervisor's. The machine
 * secret is no person and approves nothing (four eyes). Anything above a supervisor's authority
 * needs an administrator who is a person.
 */
const approvalCeiling = (actor: Principal, supervisorAuthority: Cents): Ceiling => {
  switch (actor.kind) {
    case 'user':
      return roleCeiling(actor.role, supervisorAuthority);
    case 'api_key':
      return roleCeiling(actor.creator.role, supervisorAuthority) === 'none' ? 'none' : supervisorAuthority;
    case 'machine':
    case 'policyholder':
      return 'none';
  }
};

/** Who may approve a settlement of this amount. */
export const mayApprove = (actor: Principal, amount: Cents, supervisorAuthority: Cents): boolean => {
  const ceiling = approvalCeiling(actor, supervisorAuthority);
  return ceiling === 'any' || (ceiling !== 'none' && amount <= ceiling);
};

/** An offer is approved at once only when a person who may approve it makes it; otherwise it waits for approval. */
export const offerStatus = (actor: Principal, amount: Cents, supervisorAuthority: Cents): 'approved' | 'pending_approval' =>
  actor.kind === 'user' && mayApprove(actor, amount, supervisorAuthority) ? 'approved' : 'pending_approval';

/**
 * No authority reaches beyond the policy: a settlement plus what was already paid on the claim
 * stays within the policy's per-occurrence limit, whoever offers or approves it.
 */
export const assertWithinPolicyLimit = (occurrenceLimit: Cents, alreadyPaid: Cents, amount: Cents): void => {
  if (alreadyPaid + amount <= occurrenceLimit) return;
  throw new DomainError(
    'exceeds_policy_limit',
    `The settlement of ${centsToDollars(amount)} dollars and the ${centsToDollars(alreadyPaid)} already paid exceed the policy's per-occurrence limit of ${centsToDollars(occurrenceLimit)} dollars.`,
    { limit: centsToDollars(occurrenceLimit), paid: centsToDollars(alreadyPaid), amount: centsToDollars(amount) },
  );
};
