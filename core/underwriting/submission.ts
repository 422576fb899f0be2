import { lifecycle } from '../shared/lifecycle.ts';
import type { PriorLoss, RiskDetails } from './risk.ts';
import type { Triage } from './triage.ts';

export { isComplete, missingRiskFields, REQUIRED_RISK_FIELDS, type CompleteRisk, type PriorLoss, type RiskDetails } from './risk.ts';

/** `binding`: one bind holds the submission while it issues the policy; no quote or other bind meanwhile. */
export const SUBMISSION_STATUSES = ['incomplete', 'received', 'quoted', 'binding', 'bound', 'declined'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * A complete submission is `received`; each quote leaves it `quoted`. A bind holds it (`binding`)
 * while the policy is issued, so no quote or second bind runs meanwhile, and either finishes it
 * (`bound`) or gives it back (`quoted`). `incomplete` and `declined` have no way out yet.
 */
export const SUBMISSION_LIFECYCLE = lifecycle({
  subject: 'submission',
  statuses: SUBMISSION_STATUSES,
  moves: {
    quote: { from: ['received', 'quoted'], to: 'quoted' },
    hold_for_binding: { from: ['quoted'], to: 'binding' },
    release_binding: { from: ['binding'], to: 'quoted' },
    complete_binding: { from: ['binding'], to: 'bound' },
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
  /** The policy id the bind in progress (or the bind that made it `bound`) issues. */
  readonly bindingPolicyId?: string | null;
  readonly source: 'json' | 'acord125';
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}
