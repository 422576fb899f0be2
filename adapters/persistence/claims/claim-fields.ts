import type { Claim } from '../../../core/claims/claim.ts';
import type { RecordFields } from '../shared/document-mapping.ts';

/** The fields of a stored claim (every reader of the collection maps with them). */
export const CLAIM_FIELDS: RecordFields<Claim> = {
  id: true,
  orgId: true,
  claimNumber: true,
  policyId: true,
  policyNumber: true,
  insuredName: true,
  status: true,
  lossDate: true,
  description: true,
  lossType: true,
  claimant: true,
  location: true,
  estimatedAmount: true,
  adjusterId: true,
  reserves: true,
  reserveHistory: true,
  paid: true,
  settlements: true,
  denialReason: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  version: true,
};
