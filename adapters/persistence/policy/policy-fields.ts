import type { Policy } from '../../../core/policy/policy.ts';
import type { RecordFields } from '../shared/document-mapping.ts';

/** The fields of a stored policy (every reader of the collection maps with them). */
export const POLICY_FIELDS: RecordFields<Policy> = {
  id: true,
  orgId: true,
  policyNumber: true,
  submissionId: true,
  quoteId: true,
  risk: true,
  contactEmail: true,
  producerId: true,
  grossPremium: true,
  premium: true,
  effectiveDate: true,
  expirationDate: true,
  status: true,
  installmentPlan: true,
  cancellation: true,
  renewalOf: true,
  renewedBy: true,
  delinquency: true,
  renewalOfferOn: true,
  renewalOffer: true,
  programId: true,
  programVersion: true,
  rateTableVersion: true,
  chargeTerms: true,
  forms: true,
  createdAt: true,
  updatedAt: true,
  version: true,
};
