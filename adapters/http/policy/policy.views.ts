/** Policies, their timeline and their fee and taxes as the API shows them: money in dollars, each view typed by its schema. */
import { Type, type Static } from '@sinclair/typebox';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import { feesOwed } from '../../../core/policy/policy-charges.ts';
import { netWritten } from '../../../core/policy/premium.ts';
import { CANCELLATION_REASONS, chargeTermsOf, POLICY_STATUSES, premiumTermOf, type Policy } from '../../../core/policy/policy.ts';
import type { PolicyTransaction } from '../../../core/policy/policy-transaction.ts';
import { CANCELLATION_METHODS } from '../../../core/policy/premium.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import { Dollars, Nullable, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { TaxesAndFeesSchema, viewTaxesAndFees } from '../underwriting/charges.views.ts';
import { CoverageSchema, ShownAddressSchema, viewCoverage } from '../underwriting/coverage.views.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

export const viewPolicy = (policy: Policy): Static<typeof PolicySchema> => ({
  id: policy.id,
  policyNumber: policy.policyNumber,
  orgId: policy.orgId,
  status: policy.status,
  submissionId: policy.submissionId,
  quoteId: policy.quoteId,
  insuredName: policy.risk.insuredName,
  contactEmail: policy.contactEmail,
  producerId: policy.producerId,
  lineOfBusiness: policy.risk.lineOfBusiness,
  naicsCode: policy.risk.naicsCode,
  state: policy.risk.state,
  limit: dollars(policy.risk.requestedLimit),
  annualRevenue: dollars(policy.risk.annualRevenue),
  coverage: policy.risk.coverage ? viewCoverage(policy.risk.coverage) : null,
  mailingAddress: policy.risk.mailingAddress ? { ...policy.risk.mailingAddress } : null,
  forms: (policy.forms ?? []).map((form) => ({ formNumber: form.formNumber, edition: form.edition })),
  grossPremium: dollars(policy.grossPremium),
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  installmentPlan: policy.installmentPlan,
  programId: policy.programId,
  programVersion: policy.programVersion ?? null,
  rateTableVersion: policy.rateTableVersion ?? null,
  taxesAndFees: ((term) => viewTaxesAndFees(netWritten(term), feesOwed(term), chargeTermsOf(policy)))(premiumTermOf(policy)),
  cancellation: policy.cancellation
    ? {
        effectiveDate: policy.cancellation.effectiveDate,
        reason: policy.cancellation.reason,
        method: policy.cancellation.method,
        returnPremium: dollars(policy.cancellation.returnPremium),
      }
    : null,
  renewalOf: policy.renewalOf,
  renewedBy: policy.renewedBy,
  delinquency: policy.delinquency
    ? {
        noticeOn: policy.delinquency.noticeOn,
        cancelsOn: policy.delinquency.cancelsOn,
        pastDue: dollars(policy.delinquency.pastDue),
        noticeDocumentId: policy.delinquency.noticeDocumentId,
      }
    : null,
  renewalOfferOn: policy.renewalOfferOn ?? null,
  renewalOffer: policy.renewalOffer
    ? {
        quoteId: policy.renewalOffer.quoteId,
        offeredOn: policy.renewalOffer.offeredOn,
        effectiveDate: policy.renewalOffer.effectiveDate,
        grossPremium: dollars(policy.renewalOffer.grossPremium),
        decision: policy.renewalOffer.decision,
        daFlags: policy.renewalOffer.daFlags.map((flag) => flag.code),
      }
    : null,
  createdAt: isoInstant(policy.createdAt),
  updatedAt: isoInstant(policy.updatedAt),
});

export const viewTransaction = (transaction: PolicyTransaction): Static<typeof TransactionSchema> => ({
  id: transaction.id,
  policyId: transaction.policyId,
  type: transaction.type,
  effectiveDate: transaction.effectiveDate,
  createdAt: isoInstant(transaction.createdAt),
  actor: transaction.actor,
  premiumDelta: dollars(transaction.premiumDelta),
  ...transaction.details,
});

const CancellationSchema = Type.Object(
  {
    effectiveDate: Type.String({ format: 'date' }),
    reason: OneOf(CANCELLATION_REASONS),
    method: OneOf(CANCELLATION_METHODS),
    returnPremium: Type.Number({ description: 'Dollars returned to the insured.' }),
  },
  { $id: 'Cancellation', description: 'How and when a policy was cancelled, and the premium returned.' },
);

const DelinquencySchema = Type.Object(
  {
    noticeOn: Type.String({ format: 'date', description: 'When the notice of cancellation for non-payment was sent.' }),
    cancelsOn: Type.String({
      format: 'date',
      description: "The policy cancels from this day unless what is past due is paid before it (the home state's notice period).",
    }),
    pastDue: Type.Number({ description: 'Dollars past due when the notice was sent.' }),
    noticeDocumentId: Nullable(Type.String({ description: 'The stored PDF of the notice.' })),
  },
  { $id: 'Delinquency', description: 'A notice of cancellation for non-payment running against the policy.' },
);

const RenewalOfferSchema = Type.Object(
  {
    quoteId: Type.String({ description: 'The quote of the next term.' }),
    offeredOn: Type.String({ format: 'date' }),
    effectiveDate: Type.String({ format: 'date', description: "The next term's effective date: this term's expiration date." }),
    grossPremium: Type.Number({ description: 'Dollars: the next term, on the rates in force on its effective date.' }),
    decision: Type.Union([Type.Literal('offered'), Type.Literal('referred'), Type.Literal('declined')], {
      description:
        '`offered`: `renew` accepts it; `referred`: outside delegated authority, a referral decides; `declined`: the program no longer writes the risk.',
    }),
    daFlags: Type.Array(Type.String(), { description: 'The delegated-authority flags behind a referral or a decline.' }),
  },
  { $id: 'RenewalOffer', description: "The next term, prepared the program's `renewalOfferDays` before this one expires." },
);

export const PolicySchema = Type.Object(
  {
    id: Type.String(),
    policyNumber: Type.String(),
    orgId: Type.String(),
    status: OneOf(POLICY_STATUSES),
    submissionId: Type.String(),
    quoteId: Nullable(Type.String({ description: 'The quote bound; null for a renewal.' })),
    insuredName: Type.String(),
    contactEmail: Nullable(Type.String()),
    producerId: Nullable(Type.String()),
    lineOfBusiness: Type.String(),
    naicsCode: Type.String(),
    state: Type.String({ description: 'Two-letter US state of the risk.' }),
    limit: Type.Number({ description: 'Dollars: the per-occurrence limit.' }),
    annualRevenue: Dollars,
    coverage: Nullable(CoverageSchema),
    mailingAddress: Nullable(ShownAddressSchema),
    forms: Type.Array(Type.Object({ formNumber: Type.String(), edition: Type.String({ description: 'YYYY-MM.' }) }), {
      description:
        'The schedule of forms: the editions in force when the term began (GET /v1/forms), as the risk calls for them; empty on policies issued before the forms library.',
    }),
    grossPremium: Type.Number({ description: 'Dollars: the current annual premium, endorsements included.' }),
    effectiveDate: Type.String({ format: 'date' }),
    expirationDate: Type.String({ format: 'date' }),
    installmentPlan: OneOf(INSTALLMENT_PLANS),
    programId: Type.String({ description: 'The delegated-authority program the policy is bound under.' }),
    programVersion: Nullable(Type.Integer({ description: "The program's version at placement, whose terms the term keeps; null for platform programs." })),
    rateTableVersion: Nullable(
      Type.String({
        description:
          'The rate manual version the term is priced on, kept for its whole life: endorsements re-rate on it; a renewal is priced on the version in force on its own effective date.',
      }),
    ),
    taxesAndFees: TaxesAndFeesSchema,
    cancellation: Type.Union([CancellationSchema, Type.Null()]),
    renewalOf: Nullable(Type.String()),
    renewedBy: Nullable(Type.String()),
    delinquency: Type.Union([DelinquencySchema, Type.Null()]),
    renewalOfferOn: Nullable(Type.String({ format: 'date', description: 'When the next term will be offered; null once offered.' })),
    renewalOffer: Type.Union([RenewalOfferSchema, Type.Null()]),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Policy', description: 'A bound policy: its term, coverage, premium, installment plan and status.' },
);

export const TransactionSchema = Type.Object(
  {
    id: Type.String(),
    policyId: Type.String(),
    type: Type.String(),
    effectiveDate: Type.String({ format: 'date' }),
    createdAt: Timestamp(),
    actor: Type.String(),
    premiumDelta: Dollars,
  },
  {
    $id: 'PolicyTransaction',
    description: "One transaction of a policy's history (bind, endorsement, cancellation, reinstatement, renewal) with its premium change.",
  },
);
