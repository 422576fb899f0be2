import { Type } from '@sinclair/typebox';
import type { Invoice } from '../../../core/billing/invoice.ts';
import type { Policy } from '../../../core/policy/policy.ts';
import type { PolicyTransaction } from '../../../core/policy/policy-transaction.ts';
import type { Cents } from '../../../core/shared/money.ts';
import type { Quote } from '../../../core/underwriting/quote.ts';
import type { Submission } from '../../../core/underwriting/submission.ts';
import type { Readiness } from '../../../ports/underwriting/quoting.use-case.ts';
import { Timestamp } from '../kernel/common.schemas.ts';

const dollars = (amount: Cents | undefined): number | null => (amount === undefined ? null : amount / 100);

/** Money leaves the service as dollars; inside it is integer cents. */
export const viewSubmission = (submission: Submission) => ({
  id: submission.id,
  status: submission.status,
  insuredName: submission.insuredName ?? null,
  naicsCode: submission.naicsCode ?? null,
  annualRevenue: dollars(submission.annualRevenue),
  requestedLimit: dollars(submission.requestedLimit),
  effectiveDate: submission.effectiveDate ?? null,
  state: submission.state ?? null,
  lineOfBusiness: submission.lineOfBusiness ?? null,
  contactEmail: submission.contactEmail,
  producerId: submission.producerId,
  description: submission.description,
  priorLosses: submission.priorLosses.map((loss) => ({ ...loss, amount: loss.amount / 100 })),
  triage: submission.triage,
  source: submission.source,
  orgId: submission.orgId,
  createdAt: submission.createdAt.toISOString(),
  updatedAt: submission.updatedAt.toISOString(),
});

export const viewQuote = (quote: Quote) => ({
  id: quote.id,
  submissionId: quote.submissionId,
  grossPremium: quote.grossPremium / 100,
  bindable: quote.bindable,
  daFlags: quote.daFlags,
  breakdown: quote.breakdown,
  status: quote.status,
  validUntil: quote.validUntil,
  policyId: quote.policyId,
  createdAt: quote.createdAt.toISOString(),
});

export const viewPolicy = (policy: Policy) => ({
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
  limit: policy.risk.requestedLimit / 100,
  annualRevenue: policy.risk.annualRevenue / 100,
  grossPremium: policy.grossPremium / 100,
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  installmentPlan: policy.installmentPlan,
  cancellation: policy.cancellation ? { ...policy.cancellation, returnPremium: policy.cancellation.returnPremium / 100 } : null,
  renewalOf: policy.renewalOf,
  renewedBy: policy.renewedBy,
  createdAt: policy.createdAt.toISOString(),
  updatedAt: policy.updatedAt.toISOString(),
});

export const viewTransaction = (transaction: PolicyTransaction) => ({
  id: transaction.id,
  policyId: transaction.policyId,
  type: transaction.type,
  effectiveDate: transaction.effectiveDate,
  createdAt: transaction.createdAt.toISOString(),
  actor: transaction.actor,
  premiumDelta: transaction.premiumDelta / 100,
  ...transaction.details,
});

export const viewInvoice = (invoice: Invoice) => ({
  id: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  policyId: invoice.policyId,
  kind: invoice.kind,
  amount: invoice.amount / 100,
  paidAmount: invoice.paidAmount / 100,
  dueDate: invoice.dueDate,
  status: invoice.status,
  createdAt: invoice.createdAt.toISOString(),
});

export const viewReadiness = (readiness: Readiness) => readiness;

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

export const QuoteSchema = Type.Object({
  id: Type.String(),
  submissionId: Type.String(),
  grossPremium: Money,
  bindable: Type.Boolean(),
  daFlags: Type.Array(DaFlagSchema),
  breakdown: Type.Record(Type.String(), Type.Unknown(), { description: 'The rating worksheet: exposure, rate, factors.' }),
  status: Type.String(),
  validUntil: Type.String({ format: 'date' }),
  policyId: Nullable(Type.String()),
  createdAt: Timestamp(),
});

export const PolicySchema = Type.Object({
  id: Type.String(),
  policyNumber: Type.String(),
  orgId: Type.String(),
  status: Type.String(),
  insuredName: Type.String(),
  contactEmail: Nullable(Type.String()),
  lineOfBusiness: Type.String(),
  grossPremium: Money,
  effectiveDate: Type.String({ format: 'date' }),
  expirationDate: Type.String({ format: 'date' }),
  installmentPlan: Type.String(),
  cancellation: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  renewalOf: Nullable(Type.String()),
  renewedBy: Nullable(Type.String()),
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

export const InvoiceSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.String(),
  policyId: Type.String(),
  kind: Type.String(),
  amount: Money,
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
