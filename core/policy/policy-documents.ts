import type { CalendarDate } from '../shared/calendar-date.ts';
import { cents, centsToDollars, type Cents } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';
import { triggerOf } from '../underwriting/coverage-options.ts';
import type { FeesAndTaxes } from '../underwriting/charge-terms.ts';
import type { CompleteRisk } from '../underwriting/risk.ts';
import type { FormReference } from './forms.ts';
import { addressLines } from '../documents/certificate.ts';
import type {
  ChangeContent,
  DeclarationsContent,
  Heading,
  ListedForm,
  NoticeContent,
  PolicyDocumentContent,
  PrintedAmount,
} from '../documents/policy-document-content.ts';

export type { ChangeContent, DeclarationsContent, ListedForm, PolicyDocumentContent, PrintedAmount };
import type { Policy } from './policy.ts';

/** The documents of a policy (CONTRACT 18.8). */
export const POLICY_DOCUMENT_TYPES = [
  'declarations',
  'endorsement',
  'cancellation',
  'reinstatement',
  'cancellation_notice',
  'nonrenewal_notice',
  'coi',
  'loss_run',
  'audit',
] as const;
export type PolicyDocumentType = (typeof POLICY_DOCUMENT_TYPES)[number];

/**
 * A document of a policy: recorded `pending` with everything it prints in the write of the
 * transaction that issues it, drawn once afterwards and never changed (`sha256` of its bytes).
 */
export interface PolicyDocument {
  readonly id: string;
  readonly orgId: string;
  readonly policyId: string;
  readonly type: PolicyDocumentType;
  readonly transactionId: string | null;
  readonly forms: readonly FormReference[];
  readonly status: 'pending' | 'issued';
  readonly issuedAt: Date | null;
  readonly sha256: string | null;
  /** The stored file (GET /v1/documents/:id) once issued. */
  readonly documentId: string | null;
  readonly content: PolicyDocumentContent;
  readonly createdAt: Date;
}

const LIMIT_LABELS = {
  eachOccurrence: 'Each occurrence',
  damageToRentedPremises: 'Damage to rented premises (each occurrence)',
  medicalExpense: 'Medical expense (any one person)',
  personalAdvertisingInjury: 'Personal and advertising injury',
  generalAggregate: 'General aggregate',
  productsCompletedOperationsAggregate: 'Products-completed operations aggregate',
} as const;

const COVERAGE_NAMES: Record<LineOfBusiness, string> = {
  GL: 'Commercial general liability',
  PROPERTY: 'Commercial property',
  AUTO: 'Business auto',
  CYBER: 'Cyber',
  PL: 'Professional liability',
};

/** A line the invoices bill: premium, the policy fee, or a tax or fee by its payee. */
export interface BilledItem {
  readonly kind: string;
  readonly code: string;
  readonly name?: string;
  readonly amount: Cents;
}

export interface DocumentParties {
  readonly carrier: { readonly name: string; readonly naic: string };
  /** The producer of record's name; null: written direct. */
  readonly producer: string | null;
}

const headingOf = (policy: Policy, parties: DocumentParties): Heading => ({
  policyNumber: policy.policyNumber,
  insuredName: policy.risk.insuredName,
  lineOfBusiness: policy.risk.lineOfBusiness,
  carrier: parties.carrier,
  producer: parties.producer ?? 'Direct (no producer of record)',
});

const chargeLines = (items: readonly BilledItem[]) =>
  items
    .filter((item) => item.kind !== 'premium' && item.amount !== 0)
    .map((item) => ({ label: item.code === 'policyFee' ? 'Policy fee' : (item.name ?? item.code), payee: item.kind, amount: item.amount }));

/**
 * A term's declarations from the policy as issued and the lines its invoices bill
 * (`chargeItemsOwed`): premium by coverage, each fee and tax by payee, the total the invoices add
 * up to, the limits schedule and the forms.
 */
export const declarationsOf = (policy: Policy, billed: readonly BilledItem[], forms: readonly ListedForm[], parties: DocumentParties): DeclarationsContent => {
  const { coverage } = policy.risk;
  const limits = coverage?.limits
    ? (Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[]).map((field) => ({ label: LIMIT_LABELS[field], amount: coverage.limits![field] }))
    : [{ label: 'Limit of insurance (each occurrence)', amount: policy.risk.requestedLimit }];
  const premium = billed.filter((item) => item.kind === 'premium').map((item) => ({ label: COVERAGE_NAMES[policy.risk.lineOfBusiness], amount: item.amount }));
  const waiver = coverage?.waiverOfSubrogation;
  return {
    kind: 'declarations',
    ...headingOf(policy, parties),
    insuredAddress: policy.risk.mailingAddress ? addressLines(policy.risk.mailingAddress) : [],
    renewalOf: policy.renewalOf,
    period: { from: policy.effectiveDate, to: policy.expirationDate },
    state: policy.risk.state,
    trigger: triggerOf(coverage),
    retroactiveDate: coverage?.retroactiveDate ?? null,
    limits,
    deductible: coverage?.deductible ?? null,
    premium,
    charges: chargeLines(billed),
    total: cents(billed.reduce((sum, item) => sum + item.amount, 0)),
    additionalInsureds: (coverage?.additionalInsureds ?? []).map((insured) => `${insured.name} (${insured.relationship}; ${insured.operations} operations)`),
    waiverOfSubrogation: waiver ? (waiver.blanket ? 'Blanket, where required by written contract' : waiver.parties.join('; ') || null) : null,
    primaryNonContributory: coverage?.primaryNonContributory === true,
    forms,
  };
};

/** A notice of cancellation for non-payment, as listed with the policy's documents. */
export const cancellationNoticeOf = (
  policy: Policy,
  notice: { readonly noticeOn: CalendarDate; readonly cancelsOn: CalendarDate; readonly pastDue: Cents },
  period: { readonly days: number; readonly source: string },
  parties: DocumentParties,
): NoticeContent => ({
  kind: 'cancellation_notice',
  ...headingOf(policy, parties),
  noticeOn: notice.noticeOn,
  effectiveDate: notice.cancelsOn,
  reason: 'Non-payment of premium',
  amountDue: notice.pastDue,
  noticeDays: period.days,
  source: period.source,
});

/** A change's document: its effective date, what changed, the premium it adds or returns with its charges, and the forms it adds or removes. */
export const changeOf = (
  kind: ChangeContent['kind'],
  policy: Policy,
  change: {
    readonly effectiveDate: CalendarDate;
    readonly changes: ChangeContent['changes'];
    readonly premiumChange: Cents;
    readonly billed: readonly BilledItem[];
    readonly formsAdded?: readonly ListedForm[];
    readonly formsRemoved?: readonly ListedForm[];
  },
  parties: DocumentParties,
): ChangeContent => ({
  kind,
  ...headingOf(policy, parties),
  effectiveDate: change.effectiveDate,
  changes: change.changes,
  premiumChange: change.premiumChange,
  charges: chargeLines(change.billed),
  formsAdded: change.formsAdded ?? [],
  formsRemoved: change.formsRemoved ?? [],
});

const money = (amount: Cents | undefined): string =>
  amount === undefined ? 'none' : `$${centsToDollars(amount).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** What an endorsement changed of the risk, as its document prints it. */
export const riskChanges = (before: CompleteRisk, after: CompleteRisk): ChangeContent['changes'] => {
  const rows: { label: string; from: string; to: string }[] = [];
  const compare = (label: string, from: string, to: string) => {
    if (from !== to) rows.push({ label, from, to });
  };
  compare('Limit (each occurrence)', money(before.requestedLimit), money(after.requestedLimit));
  compare('Annual revenue', money(before.annualRevenue), money(after.annualRevenue));
  compare('State of the risk', before.state, after.state);
  compare('NAICS code', before.naicsCode, after.naicsCode);
  const [was, is] = [before.coverage, after.coverage];
  compare('Coverage trigger', triggerOf(was), triggerOf(is));
  compare('Deductible', money(was?.deductible), money(is?.deductible));
  const names = (coverage: typeof was) => (coverage?.additionalInsureds ?? []).map((insured) => `${insured.name} (${insured.operations})`).join('; ') || 'none';
  compare('Additional insureds', names(was), names(is));
  const waiver = (coverage: typeof was) =>
    coverage?.waiverOfSubrogation ? (coverage.waiverOfSubrogation.blanket ? 'blanket' : coverage.waiverOfSubrogation.parties.join('; ') || 'none') : 'none';
  compare('Waiver of subrogation', waiver(was), waiver(is));
  compare('Primary and non-contributory', was?.primaryNonContributory ? 'yes' : 'no', is?.primaryNonContributory ? 'yes' : 'no');
  return rows;
};

/** A transaction's fee and taxes as billed items, named as the term's schedule names them. */
export const chargesBilled = (charges: FeesAndTaxes, names: ReadonlyMap<string, string>): BilledItem[] => [
  { kind: 'policyFee', code: 'policyFee', amount: charges.policyFee },
  ...charges.taxes.map((tax) => ({
    kind: tax.payee,
    code: tax.code,
    ...(names.has(tax.code) ? { name: names.get(tax.code) as string } : {}),
    amount: tax.amount,
  })),
];
