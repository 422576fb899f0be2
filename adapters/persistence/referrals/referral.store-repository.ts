import type { Referral, ReferralDecisionEntry, ReferralStatus } from '../../../core/referrals/referral.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { ReferralFilters, ReferralRepository } from '../../../ports/referrals/referral.repository.ts';
import type { ReferralApproval, ReferralApprovals } from '../../../ports/underwriting/referral-approvals.port.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { moveWrite } from '../shared/guarded-move.ts';

const REFERRAL_FIELDS: RecordFields<Referral> = {
  id: true,
  orgId: true,
  entityType: true,
  entityId: true,
  reason: true,
  dealRoomId: true,
  assigneeId: true,
  status: true,
  decisions: true,
  approvedOverrides: true,
  createdBy: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
};

const approvalOf = (referral: Referral): ReferralApproval => {
  const approval = referral.decisions.findLast((entry) => entry.decision === 'approve');
  return {
    referralId: referral.id,
    approvedBy: approval?.decidedBy ?? 'unknown',
    approvedAt: approval?.decidedAt ?? referral.updatedAt,
    overrides: referral.approvedOverrides,
  };
};

/**
 * Referrals, stored with the submission they concern (`submissionId`, beside the record) so that
 * binding finds an approval by quote or by submission. The referral is the approval: nothing is
 * copied onto the quote, so a decision stored is a decision in force.
 */
export class ReferralStoreRepository implements ReferralRepository, ReferralApprovals {
  private readonly records: RecordCollection<Referral>;

  private constructor(records: RecordCollection<Referral>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<ReferralStoreRepository> {
    return new ReferralStoreRepository(
      await RecordCollection.open<Referral>(store, 'referrals', REFERRAL_FIELDS, [
        { name: 'org_entity', keys: { orgId: 1, entityType: 1, entityId: 1, status: 1 } },
        { name: 'org_submission', keys: { orgId: 1, submissionId: 1, status: 1 } },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
      ]),
    );
  }

  insertWrite(referral: Referral & { readonly submissionId: string | null }): GroupedWrite {
    const { submissionId, ...record } = referral;
    return { collection: this.records.name, insertOne: { ...this.records.mapper.toStored(record), submissionId } };
  }

  findById(orgId: string, id: string): Promise<Referral | null> {
    return this.records.findById(orgId, id);
  }

  page(orgId: string, filters: ReferralFilters, request: PageRequest): Promise<Page<Referral>> {
    const filter: Filter = {};
    for (const field of ['status', 'entityType', 'entityId', 'assigneeId', 'dealRoomId', 'createdById'] as const) {
      if (filters[field] !== undefined) filter[field] = filters[field];
    }
    return this.records.page(orgId, filter, request);
  }

  decideWrite(orgId: string, id: string, step: Transition<ReferralStatus>, entry: ReferralDecisionEntry, overrides: readonly string[]): GroupedWrite {
    const move = { changes: { approvedOverrides: [...overrides] }, push: { decisions: entry }, at: entry.decidedAt };
    return moveWrite(this.records, orgId, id, step, move, 'referral_changed');
  }

  async forQuote(orgId: string, quoteId: string): Promise<ReferralApproval | null> {
    const approved = await this.records.findOne(orgId, { entityType: 'quote', entityId: quoteId, status: 'approved' });
    return approved ? approvalOf(approved) : null;
  }

  async declineOverride(orgId: string, submissionId: string): Promise<ReferralApproval | null> {
    const approved = await this.records.findAll(orgId, { submissionId, status: 'approved' });
    const overriding = approved.find((referral) => referral.approvedOverrides.includes('triage_decline'));
    return overriding ? approvalOf(overriding) : null;
  }
}
