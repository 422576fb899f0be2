import type { Referral, ReferralDecisionEntry, ReferralEntityType, ReferralStatus } from '../../core/referrals/referral.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { ReferralApprovals } from '../underwriting/referral-approvals.port.ts';

export interface ReferralFilters {
  readonly status?: ReferralStatus;
  readonly entityType?: ReferralEntityType;
  readonly entityId?: string;
  readonly assigneeId?: string;
  readonly dealRoomId?: string;
  /** Only the referrals this user raised (callers who do not work the whole book). */
  readonly createdById?: string;
}

/** The referrals store; it answers binding's and quoting's questions about approvals too. */
export interface ReferralRepository extends ReferralApprovals {
  /** A new referral, for the write that raises it. */
  insertWrite(referral: Referral & { readonly submissionId: string | null }): GroupedWrite;
  findById(orgId: string, id: string): Promise<Referral | null>;
  page(orgId: string, filters: ReferralFilters, request: PageRequest): Promise<Page<Referral>>;
  /** A decision, for the write that records it: guard `referral_changed` fails it unless the referral is still in one of `step.from`. */
  decideWrite(orgId: string, id: string, step: Transition<ReferralStatus>, entry: ReferralDecisionEntry, overrides: readonly string[]): GroupedWrite;
}
