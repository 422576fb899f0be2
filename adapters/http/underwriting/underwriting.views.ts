import { Type, type Static } from '@sinclair/typebox';
import { linesOf, type Invoice } from '../../../core/billing/invoice.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../../core/policy/policy.ts';
import { chargesOwed, type ChargesChange } from '../../../core/policy/policy-charges.ts';
import { issuanceCharges, NO_CHARGE_TERMS, type ChargeTerms } from '../../../core/underwriting/charge-terms.ts';
import type { PolicyTransaction } from '../../../core/policy/policy-transaction.ts';
import { cents, centsToDollars, type Cents } from '../../../core/shared/money.ts';
import type { Quote } from '../../../core/underwriting/quote.ts';
import type { Submission } from '../../../core/underwriting/submission.ts';
import type { Readiness } from '../../../ports/underwriting/quoting.use-case.ts';
import { OneOf, Timestamp } from '../kernel/common.schemas.ts';
import { CANCELLATION_REASONS, POLICY_STATUSES } from '../../../core/policy/policy.ts';
import { CANCELLATION_METHODS } from '../../../core/policy/premium.ts';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';

const dollars = centsToDollars;
const dollarsOrNull = (amount: Cents | undefined): number | null => (amount === undefined ? null : dollars(amount));

/**
 * Money leaves the service as dollars; inside it is integer cents. Each view's return type is its
 * response schema's static type, so a field the schema does not describe does not compile.
 */
export const viewSubmission = (submission: Submission): Static<typeof SubmissionSchema> => ({
  id: submission.id,
  status: submission.status,
  insuredName: submission.insuredName ?? null,
  naicsCode: submission.naicsCode ?? null,
  annualRevenue: dollarsOrNull(submission.annualRevenue),
  requestedLimit: dollarsOrNull(submission.requestedLimit),
  effectiveDate: submission.effectiveDate ?? null,
  state: submission.state ?? null,
  lineOfBusiness: submission.lineOfBusiness ?? null,
  contactEmail: submission.contactEmail,
  producerId: submission.producerId,
  description: submission.description,
  priorLosses: submission.priorLosses.map((loss) => ({ date: loss.date, amount: dollars(loss.amount), description: loss.description })),
  triage: { score: submission.triage.score, band: submission.triage.band, reasons: [...submission.triage.reasons] },
  source: submission.source,
  orgId: submission.orgId,
  createdAt: submission.createdAt.toISOString(),
  updatedAt: submission.updatedAt.toISOString(),
});

const viewTaxesAndFees = (premium: Cents, charges: ChargesChange, terms: ChargeTerms): Static<typeof TaxesAndFeesSchema> => ({
  policyFee: dollars(charges.policyFee),
  surplusLinesTax: dollars(charges.surplusLinesTax),
  stampingFee: dollars(charges.stampingFee),
  taxState: terms.taxState,
  total: dollars(cents(premium + charges.policyFee + charges.surplusLinesTax + charges.stampingFee)),
});

export const viewQuote = (quote: Quote): Static<typeof QuoteSchema> => ({
  id: quote.id,
  submissionId: quote.submissionId,
  grossPremium: dollars(quote.grossPremium),
  bindable: quote.bindable,
  daFlags: quote.daFlags.map((flag) => ({ ...flag })),
  breakdown: { ...quote.breakdown },
  rateTableVersion: quote.rateTableVersion ?? null,
  taxesAndFees: viewTaxesAndFees(
    quote.grossPremium,
    issuanceCharges(quote.grossPremium, quote.chargeTerms ?? NO_CHARGE_TERMS),
    quote.chargeTerms ?? NO_CHARGE_TERMS,
  ),
  status: quote.status,
  validUntil: quote.validUntil,
  policyId: quote.policyId,
  createdAt: quote.createdAt.toISOString(),
});

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
  grossPremium: dollars(policy.grossPremium),
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  installmentPlan: policy.installmentPlan,
  programId: policy.programId,
  rateTableVersion: policy.rateTableVersion ?? null,
  taxesAndFees: (({ premium, ...charges }) => viewTaxesAndFees(premium, charges, chargeTermsOf(policy)))(chargesOwed(premiumTermOf(policy))),
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
  createdAt: policy.createdAt.toISOString(),
  updatedAt: policy.updatedAt.toISOString(),
});

export const viewTransaction = (transaction: PolicyTransaction): Static<typeof TransactionSchema> => ({
  id: transaction.id,
  policyId: transaction.policyId,
  type: transaction.type,
  effectiveDate: transaction.effectiveDate,
  createdAt: transaction.createdAt.toISOString(),
  actor: transaction.actor,
  premiumDelta: dollars(transaction.premiumDelta),
  ...transaction.details,
});

/** Line kinds as the API names them. */
const LINE_KIND = { premium: 'premium', policyFee: 'policy_fee', surplusLinesTax: 'surplus_lines_tax', stampingFee: 'stamping_fee' } as const;

export const viewInvoice = (invoice: Invoice): Static<typeof InvoiceSchema> => ({
  id: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  policyId: invoice.policyId,
  kind: invoice.kind,
  amount: dollars(invoice.amount),
  lines: linesOf(invoice).map((line) => ({ kind: LINE_KIND[line.kind], amount: dollars(line.amount) })),
  paidAmount: dollars(invoice.paidAmount),
  dueDate: invoice.dueDate,
  status: invoice.status,
  createdAt: invoice.createdAt.toISOString(),
});

export const viewReadiness = (readiness: Readiness): Static<typeof ReadinessSchema> => ({ ...readiness, missing: [...readiness.missing] });

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Money = Type.Number({ description: 'Dollars.' });

export const TriageSchema = Type.Object({
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  band: Type.Union([Type.Literal('decline'), Type.Literal('refer'), Type.Literal('fast_track')]),
  reasons: Type.Array(Type.String()),
});

export const SubmissionSchema = Type.Object({
  id: Type.String(),
  status: Type.String(),
  insuredName: Nullable(Type.String()),
  naicsCode: Nullable(Type.String()),
  annualRevenue: Type.Union([Money, Type.Null()]),
  requestedLimit: Type.Union([Money, Type.Null()]),
  effectiveDate: Nullable(Type.String({ format: 'date' })),
  state: Nullable(Type.String()),
  lineOfBusiness: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  producerId: Nullable(Type.String()),
  description: Nullable(Type.String()),
  priorLosses: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), amount: Money, description: Type.String() })),
  triage: TriageSchema,
  source: Type.String(),
  orgId: Type.String(),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});

export const DaFlagSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  limit: Type.Unknown(),
  actual: Type.Unknown(),
});

export const TaxesAndFeesSchema = Type.Object(
  {
    policyFee: Money,
    surplusLinesTax: Money,
    stampingFee: Money,
    taxState: Type.Union([Type.String(), Type.Null()], {
      description: 'The home state the surplus lines tax is owed to; null when the program is not surplus lines.',
    }),
    total: Type.Number({ description: 'Dollars: premium, fee and taxes together, what the insured pays.' }),
  },
  {
    description:
      "Charged beside premium, on their own invoice lines and outside the commission base: the program's policy fee and, for a surplus lines program, the home state's tax and stamping fee. A cancellation returns them in the proportion of premium it returns.",
  },
);

export const QuoteSchema = Type.Object({
  id: Type.String(),
  submissionId: Type.String(),
  grossPremium: Money,
  bindable: Type.Boolean(),
  daFlags: Type.Array(DaFlagSchema),
  breakdown: Type.Record(Type.String(), Type.Unknown(), { description: 'The rating worksheet: exposure, rate, factors.' }),
  rateTableVersion: Nullable(
    Type.String({
      description:
        'The rate manual version the quote is priced on: the one in force on the effective date. Null for quotes stored before versions were recorded.',
    }),
  ),
  taxesAndFees: TaxesAndFeesSchema,
  status: Type.String(),
  validUntil: Type.String({ format: 'date' }),
  policyId: Nullable(Type.String()),
  createdAt: Timestamp(),
});

export const CancellationSchema = Type.Object({
  effectiveDate: Type.String({ format: 'date' }),
  reason: OneOf(CANCELLATION_REASONS),
  method: OneOf(CANCELLATION_METHODS),
  returnPremium: Type.Number({ description: 'Dollars returned to the insured.' }),
});

export const PolicySchema = Type.Object({
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
  annualRevenue: Money,
  grossPremium: Type.Number({ description: 'Dollars: the current annual premium, endorsements included.' }),
  effectiveDate: Type.String({ format: 'date' }),
  expirationDate: Type.String({ format: 'date' }),
  installmentPlan: OneOf(INSTALLMENT_PLANS),
  programId: Type.String({ description: 'The delegated-authority program the policy is bound under.' }),
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
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});

export const TransactionSchema = Type.Object({
  id: Type.String(),
  policyId: Type.String(),
  type: Type.String(),
  effectiveDate: Type.String({ format: 'date' }),
  createdAt: Timestamp(),
  actor: Type.String(),
  premiumDelta: Money,
});

export const InvoiceLineSchema = Type.Object({
  kind: OneOf(Object.values(LINE_KIND), {
    description:
      "`premium` carries commission; `policy_fee` is the MGA's; `surplus_lines_tax` and `stamping_fee` are held for the state. Fee and taxes are billed with the first installment.",
  }),
  amount: Type.Number({ description: 'Dollars (negative on a credit).' }),
});

export const InvoiceSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.String(),
  policyId: Type.String(),
  kind: Type.String(),
  amount: Type.Number({ description: 'Dollars: the sum of the lines.' }),
  lines: Type.Array(InvoiceLineSchema),
  paidAmount: Money,
  dueDate: Type.String({ format: 'date' }),
  status: Type.String(),
  createdAt: Timestamp(),
});

export const ReadinessSchema = Type.Object({
  submissionId: Type.String(),
  triageScore: Type.Integer({ minimum: 0, maximum: 100 }),
  band: Type.String(),
  bindingReady: Type.Boolean(),
  quoteId: Nullable(Type.String()),
  missing: Type.Array(Type.String()),
});
