import { CLAIM_LIFECYCLE, type Claim, type ClaimMove } from '../../core/claims/claim.ts';
import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { changedMeanwhile, notFound } from '../../core/shared/domain-error.ts';
import { centsToDollars } from '../../core/shared/money.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { ClaimChanges, ClaimRepository } from './claim.repository.ts';

export interface ClaimChangeDeps {
  readonly claims: ClaimRepository;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

export const claimOf = async (deps: { readonly claims: Pick<ClaimRepository, 'findById'> }, orgId: string, id: string): Promise<Claim> => {
  const claim = await deps.claims.findById(orgId, id);
  if (!claim) throw notFound('Claim');
  return claim;
};

/**
 * One change of a claim: the move checked against the lifecycle, the changes, events, portfolio
 * figures and the audit entry (what the changed fields were before and after) in one guarded
 * write; a claim changed meanwhile is a 409 to retry, and nothing of it was kept.
 */
export const changeClaim = async (
  deps: ClaimChangeDeps,
  actor: Principal,
  claim: Claim,
  move: ClaimMove,
  changes: ClaimChanges,
  events: (at: Date) => DomainEvent[],
): Promise<Claim> => {
  const step = assertTransition(CLAIM_LIFECYCLE, move, claim.status);
  const at = deps.clock.now(claim.orgId);
  const fields = Object.keys(changes).filter((field) => field !== 'reserveHistory') as (keyof Claim)[];
  const after = { ...claim, ...changes, status: step.to };
  const entry = deps.audit.recordWrite(
    actor,
    claim.orgId,
    `claim.${move}`,
    { type: 'claim', id: claim.id },
    { before: audited(claim, fields), after: audited(after, fields), actor: describeActor(actor) },
  );
  const changed = await deps.claims.change(claim, step, { ...changes }, events(at), at, [entry]);
  if (!changed) throw changedMeanwhile('claim');
  return changed;
};

/** The changed fields of a claim as the audit log shows them: money in dollars, settlements by id, amount and status. */
const audited = (claim: Claim, fields: readonly (keyof Claim)[]): Record<string, unknown> => {
  const shown: Record<string, unknown> = { status: claim.status };
  for (const field of fields) {
    const value = claim[field];
    if (field === 'reserves') shown.reserves = { indemnity: centsToDollars(claim.reserves.indemnity), expense: centsToDollars(claim.reserves.expense) };
    else if (field === 'paid') shown.paid = centsToDollars(claim.paid);
    else if (field === 'settlements')
      shown.settlements = claim.settlements.map((offer) => ({ id: offer.id, amount: centsToDollars(offer.amount), status: offer.status }));
    else shown[field] = value;
  }
  return shown;
};
