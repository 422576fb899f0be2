import { firstAnswer, isFound } from '../shared/first-answer.ts';
/**
 * An approved referral, read where binding decides: the referral record itself is the approval,
 * so an approval stored is an approval in force, with nothing to copy onto the quote.
 */
export interface ReferralApproval {
  readonly referralId: string;
  readonly approvedBy: string;
  readonly approvedAt: Date;
  /** What the approval overrode: the quote's flag codes, and `triage_decline` for a declined submission. */
  readonly overrides: readonly string[];
}

export interface ReferralApprovals {
  /** The approved referral of the quote, if any. */
  forQuote(orgId: string, quoteId: string): Promise<ReferralApproval | null>;
  /** An approved referral that overrode the submission's triage decline (of the submission or of one of its quotes). */
  declineOverride(orgId: string, submissionId: string): Promise<ReferralApproval | null>;
}

/** The approvals the contexts that hold referrals contribute (`wire.contribute`), as one: the first that has one answers. */
export const anyApproval = (contributed: readonly ReferralApprovals[]): ReferralApprovals => ({
  forQuote: (orgId, quoteId) => firstAnswer(contributed, (approvals) => approvals.forQuote(orgId, quoteId), isFound, null),
  declineOverride: (orgId, submissionId) => firstAnswer(contributed, (approvals) => approvals.declineOverride(orgId, submissionId), isFound, null),
});
