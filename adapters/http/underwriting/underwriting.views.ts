import { Type, type Static } from '@sinclair/typebox';
import { CoverageSchema, ShownAddressSchema, viewCoverage } from './coverage.views.ts';
import { issuanceCharges } from '../../../core/underwriting/charge-amounts.ts';
import { chargeTermsFromStore } from '../../../core/underwriting/stored-charges.ts';
import { TaxesAndFeesSchema, viewTaxesAndFees } from './charges.views.ts';
import { centsToDollars, type Cents } from '../../../core/shared/money.ts';
import type { Quote } from '../../../core/underwriting/quote.ts';
import type { Blocker } from '../../../ports/underwriting/quoting.use-case.ts';
import type { Submission } from '../../../core/underwriting/submission.ts';
import { Dollars, Nullable, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const dollars = centsToDollars;
const dollarsOrNull = (amount: Cents | undefined): number | null => (amount === undefined ? null : dollars(amount));

/**
 * Dollars leaves the service as dollars; inside it is integer cents. Each view's return type is its
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
  homeState: submission.homeState ?? submission.state ?? null,
  locality: submission.locality ?? null,
  lineOfBusiness: submission.lineOfBusiness ?? null,
  coverage: submission.coverage ? viewCoverage(submission.coverage) : null,
  mailingAddress: submission.mailingAddress ? { ...submission.mailingAddress } : null,
  contactEmail: submission.contactEmail,
  producerId: submission.producerId,
  description: submission.description,
  priorLosses: submission.priorLosses.map((loss) => ({ date: loss.date, amount: dollars(loss.amount), description: loss.description })),
  triage: { score: submission.triage.score, band: submission.triage.band, reasons: [...submission.triage.reasons] },
  source: submission.source,
  orgId: submission.orgId,
  createdAt: isoInstant(submission.createdAt),
  updatedAt: isoInstant(submission.updatedAt),
});

export const viewQuote = (quote: Quote, blockers: readonly Blocker[]): Static<typeof QuoteSchema> => ({
  id: quote.id,
  submissionId: quote.submissionId,
  grossPremium: dollars(quote.grossPremium),
  bindable: quote.bindable,
  daFlags: quote.daFlags.map((flag) => ({ ...flag })),
  breakdown: { ...quote.breakdown },
  coverage: quote.risk.coverage ? viewCoverage(quote.risk.coverage) : null,
  programId: quote.programId,
  programVersion: quote.programVersion ?? null,
  rateTableVersion: quote.rateTableVersion ?? null,
  taxesAndFees: ((terms) => viewTaxesAndFees(quote.grossPremium, issuanceCharges(quote.grossPremium, terms), terms))(chargeTermsFromStore(quote.chargeTerms)),
  status: quote.status,
  validUntil: quote.validUntil,
  policyId: quote.policyId,
  blockers: blockers.map((blocker) => ({ ...blocker })),
  createdAt: isoInstant(quote.createdAt),
});

const TriageSchema = Type.Object(
  {
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    band: Type.Union([Type.Literal('decline'), Type.Literal('refer'), Type.Literal('fast_track')]),
    reasons: Type.Array(Type.String()),
  },
  { $id: 'Triage', description: 'The automatic triage of a submission: its risk score, band and the reasons for them.' },
);

export const SubmissionSchema = Type.Object(
  {
    id: Type.String(),
    status: Type.String(),
    insuredName: Nullable(Type.String()),
    naicsCode: Nullable(Type.String()),
    annualRevenue: Type.Union([Dollars, Type.Null()]),
    requestedLimit: Type.Union([Dollars, Type.Null()]),
    effectiveDate: Nullable(Type.String({ format: 'date' })),
    state: Nullable(Type.String({ description: "The risk's state: rating and the program's states follow it." })),
    homeState: Nullable(
      Type.String({ description: "The insured's home state: surplus lines taxes, fees and filings follow it (the risk's state unless given)." }),
    ),
    locality: Nullable(Type.String({ description: "The risk's city or county, for a home state with local premium taxes (Kentucky)." })),
    coverage: Nullable(CoverageSchema),
    mailingAddress: Nullable(ShownAddressSchema),
    lineOfBusiness: Nullable(Type.String()),
    contactEmail: Nullable(Type.String()),
    producerId: Nullable(Type.String()),
    description: Nullable(Type.String()),
    priorLosses: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), amount: Dollars, description: Type.String() })),
    triage: TriageSchema,
    source: Type.String(),
    orgId: Type.String(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Submission', description: 'An application for insurance, as received and triaged.' },
);

const DaFlagSchema = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    limit: Type.Unknown(),
    actual: Type.Unknown(),
  },
  { $id: 'DelegatedAuthorityFlag', description: 'A delegated-authority limit a quote comes near or exceeds.' },
);

/** What a bind would refuse, as its error bodies would say it. */
const BlockersSchema = Type.Array(
  Type.Object(
    {
      error: Type.String({ description: 'The code bind would answer (`effective_date_out_of_window`, `not_bindable`, …).' }),
      message: Type.String(),
      details: Type.Record(Type.String(), Type.Unknown()),
    },
    { $id: 'BindBlocker', description: 'A refusal a bind would answer now: the code, message and details of its error body.' },
  ),
  {
    description:
      'Every rule a bind by the caller would refuse today (record state, dates, delegated authority), first the one bind answers; empty when it would bind. `bindable` stays the delegated-authority verdict.',
  },
);

export const QuoteSchema = Type.Object(
  {
    id: Type.String(),
    submissionId: Type.String(),
    grossPremium: Dollars,
    bindable: Type.Boolean(),
    daFlags: Type.Array(DaFlagSchema),
    breakdown: Type.Record(Type.String(), Type.Unknown(), { description: 'The rating worksheet: exposure, rate, factors.' }),
    coverage: Nullable(CoverageSchema),
    programId: Type.String({ description: 'The delegated-authority program the quote is written under: the organization’s for the risk, else `default`.' }),
    programVersion: Nullable(Type.Integer({ description: "The program's version; null for platform programs." })),
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
    blockers: BlockersSchema,
    createdAt: Timestamp(),
  },
  {
    $id: 'Quote',
    description: 'A priced offer for a submission: premium and its breakdown, taxes and fees, delegated-authority flags, and how long it is valid.',
  },
);

export const ReadinessSchema = Type.Object(
  {
    submissionId: Type.String(),
    triageScore: Type.Integer({ minimum: 0, maximum: 100 }),
    band: Type.String(),
    bindingReady: Type.Boolean(),
    quoteId: Nullable(Type.String()),
    missing: Type.Array(Type.String()),
    blockers: BlockersSchema,
  },
  { $id: 'QuoteReadiness', description: 'What a submission still lacks before it can be bound, and what a bind by the caller would refuse today.' },
);
