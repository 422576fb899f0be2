/** What the policyholder portal shows: the insured's side of a policy, in dollars. */
import { Type, type Static } from '@sinclair/typebox';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import { CLAIM_STATUSES } from '../../../core/claims/claim.ts';
import { POLICY_STATUSES, type Policy } from '../../../core/policy/policy.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { PortalHome } from '../../../ports/portal/policyholder-portal.use-case.ts';
import { InvoiceSchema, viewInvoice } from '../billing/invoice.views.ts';
import { DocumentSchema, viewDocument } from '../documents/document.views.ts';
import { Dollars, Nullable, OneOf, PostalAddressSchema } from '../shared/common.schemas.ts';

export const PortalPolicySchema = Type.Object(
  {
    id: Type.String(),
    policyNumber: Type.String(),
    status: OneOf(POLICY_STATUSES),
    insuredName: Type.String(),
    lineOfBusiness: Type.String(),
    state: Type.String(),
    limit: Dollars,
    grossPremium: Dollars,
    effectiveDate: Type.String({ format: 'date' }),
    expirationDate: Type.String({ format: 'date' }),
    installmentPlan: OneOf(INSTALLMENT_PLANS),
    cancellationEffectiveDate: Nullable(Type.String({ format: 'date' })),
    renewalOf: Nullable(Type.String()),
    renewedBy: Nullable(Type.String()),
  },
  { $id: 'PortalPolicy', description: 'A policy as the insured sees it in the portal.' },
);

export const viewPortalPolicy = (policy: Policy): Static<typeof PortalPolicySchema> => ({
  id: policy.id,
  policyNumber: policy.policyNumber,
  status: policy.status,
  insuredName: policy.risk.insuredName,
  lineOfBusiness: policy.risk.lineOfBusiness,
  state: policy.risk.state,
  limit: centsToDollars(policy.risk.requestedLimit),
  grossPremium: centsToDollars(policy.grossPremium),
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  installmentPlan: policy.installmentPlan,
  cancellationEffectiveDate: policy.cancellation?.effectiveDate ?? null,
  renewalOf: policy.renewalOf,
  renewedBy: policy.renewedBy,
});

export const PortalHomeSchema = Type.Object(
  {
    insuredName: Type.String(),
    policies: Type.Array(PortalPolicySchema),
    amountDue: Dollars,
    nextInvoice: Type.Union([InvoiceSchema, Type.Null()]),
    openClaims: Type.Array(
      Type.Object({ id: Type.String(), claimNumber: Type.String(), status: OneOf(CLAIM_STATUSES), lossDate: Type.String({ format: 'date' }) }),
    ),
    recentDocuments: Type.Array(DocumentSchema),
  },
  { $id: 'PortalHome', description: "The insured's portal home: policies, balance and next payment." },
);

export const viewHome = (home: PortalHome, publicBaseUrl: string): Static<typeof PortalHomeSchema> => ({
  insuredName: home.insuredName,
  policies: home.policies.map(viewPortalPolicy),
  amountDue: home.amountDue / 100,
  nextInvoice: home.nextInvoice ? viewInvoice(home.nextInvoice) : null,
  openClaims: home.openClaims.map((claim) => ({ id: claim.id, claimNumber: claim.claimNumber, status: claim.status, lossDate: claim.lossDate })),
  recentDocuments: home.recentDocuments.map(({ document, link }) => viewDocument(publicBaseUrl, document, link)),
});

export const ProfileSchema = Type.Object(
  {
    policyNumber: Type.String(),
    insuredName: Type.String(),
    email: Nullable(Type.String({ description: 'The e-mail on file (where sign-in codes go); changed through the insurer.' })),
    phone: Nullable(Type.String()),
    address: Type.Union([PostalAddressSchema, Type.Null()]),
    supportEmail: Nullable(Type.String({ description: 'Where to write for help, as the organization set it; null when it has not.' })),
  },
  { $id: 'PortalProfile', description: "The insured's contact details." },
);
