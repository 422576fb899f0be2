import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { canBackdate } from '../../core/underwriting/term-dates.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { ReportedLosses } from './reported-losses.port.ts';

/** Why a cancellation is back-dated over reported losses, given by an underwriter with the authority to. */
export interface CoverOverride {
  readonly reason: string;
}

/** Those with the authority to backdate cover may take it away from under a reported loss, if they are people: a machine credential may not. */
const mayOverrideCover = (actor: Principal): boolean => actor.kind === 'user' && canBackdate(actor);

/**
 * A cancellation from `effectiveDate` must not leave a reported loss outside cover: with losses on
 * or after that date it is refused (`claims_in_period`, naming them) unless an underwriter with
 * authority overrides it with a reason: the audit entry that keeps it is answered, for the
 * cancellation's own write.
 */
export const assertNoLossLeftUncovered = async (
  deps: { readonly losses: ReportedLosses; readonly audit: AuditTrail },
  actor: Principal,
  policy: Policy,
  effectiveDate: CalendarDate,
  override: CoverOverride | undefined,
): Promise<readonly GroupedWrite[]> => {
  const losses = await deps.losses.onOrAfter(policy.orgId, policy.id, effectiveDate);
  if (losses.length === 0) return [];
  const claims = losses.map((loss) => ({ claimId: loss.claimId, claimNumber: loss.claimNumber, lossDate: loss.lossDate }));
  if (!override)
    throw new DomainError(
      'claims_in_period',
      `${claims.length === 1 ? 'A loss is' : `${claims.length} losses are`} reported on or after ${effectiveDate} (first ${claims[0]?.lossDate}); an underwriter may override with a reason.`,
      { effectiveDate, claims },
    );
  if (!mayOverrideCover(actor)) throw new DomainError('forbidden', 'Only an underwriter or an organization administrator may cancel over reported losses.');
  return [
    deps.audit.recordWrite(
      actor,
      policy.orgId,
      'policy.cancellation_over_reported_losses',
      { type: 'policy', id: policy.id },
      { effectiveDate, reason: override.reason, claims },
    ),
  ];
};
