import { lifecycle } from '../shared/lifecycle.ts';
import type { PriorLoss, RiskDetails } from './risk.ts';
import type { Triage } from './triage.ts';

export { isComplete, missingRiskFields, REQUIRED_RISK_FIELDS, type CompleteRisk, type PriorLoss, type RiskDetails } from './risk.ts';

/**
 * `binding` is only found on submissions stored by releases whose bind held the submission before
 * issuing; a bind is now one atomic write from `quoted` to `bound`.
 */
export const SUBMISSION_STATUSES = ['incomplete', 'received', 'quoted', 'binding', 'bound', 'declined'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * A complete submission is `received`; each quote leaves it `quoted`; a bind makes it `bound` in
 * the same write that issues the policy. A `binding` submission left by an older release binds like
 * a quoted one: its quote is still active only if that bind stopped before issuing anything.
 * `incomplete` and `declined` have no way out yet.
 */
export const SUBMISSION_LIFECYCLE = lifecycle({
  subject: 'submission',
  statuses: SUBMISSION_STATUSES,
  moves: {
    quote: { from: ['received', 'quoted'], to: 'quoted' },
    bind: { from: ['quoted', 'binding'], to: 'bound' },
  },
});

export interface Submission extends RiskDetails {
  readonly id: string;
  readonly orgId: string;
  readonly status: SubmissionStatus;
  readonly contactEmail: string | null;
  readonly producerId: string | null;
  readonly description: string | null;
  readonly priorLosses: readonly PriorLoss[];
  readonly triage: Triage;
  /** The policy id an older release's bind held it for (no longer written). */
  readonly bindingPolicyId?: string | null;
  readonly source: 'json' | 'acord125';
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}
