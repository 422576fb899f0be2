import type { Principal } from '../../core/shared/access/principal.ts';
import { today } from '../../core/shared/calendar-date.ts';
import type { BindChecks } from '../../core/underwriting/bind-refusals.ts';
import type { Quote } from '../../core/underwriting/quote.ts';
import type { Submission } from '../../core/underwriting/submission.ts';
import { canBackdate } from '../../core/underwriting/term-dates.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { Programs } from './programs.use-case.ts';
import type { ReferralApproval, ReferralApprovals } from './referral-approvals.port.ts';

/**
 * What a bind of `quote` by `actor` decides from today, read once: by the bind itself and by the
 * quote and readiness that list its blockers, so both answer the same refusals.
 */
export const bindChecksOf = async (
  deps: { readonly approvals: ReferralApprovals; readonly programs: Programs; readonly clock: Clock },
  actor: Principal,
  submission: Submission,
  quote: Quote,
): Promise<{ checks: BindChecks; approval: ReferralApproval | null; program: Awaited<ReturnType<Programs['program']>> }> => {
  const { orgId } = submission;
  const [approval, declineOverride, program] = await Promise.all([
    quote.bindable ? null : deps.approvals.forQuote(orgId, quote.id),
    submission.triage.band === 'decline' ? deps.approvals.declineOverride(orgId, submission.id) : null,
    deps.programs.program(orgId, quote.programId),
  ]);
  const checks: BindChecks = {
    triage: submission.triage,
    declineOverridden: Boolean(declineOverride),
    quote,
    approved: approval !== null,
    on: today(deps.clock.now(orgId)),
    withAuthority: canBackdate(actor),
    program,
  };
  return { checks, approval, program };
};
