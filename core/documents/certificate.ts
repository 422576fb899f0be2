/**
 * What a certificate of insurance (ACORD 25 style) and an MCS-90 endorsement say, worked out from
 * the policy as it stands on the day of issue. Everything here is printable text; drawing it on a
 * page is an adapter's work.
 */
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError, validationFailed } from '../shared/domain-error.ts';
import { formatDollars, type Cents } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';

export interface PostalAddress {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
}

export interface CertificateOfInsurance {
  readonly certificateNumber: string;
  readonly dateIssued: CalendarDate;
  /** The agency issuing the certificate, and the producer who placed the policy when there is one. */
  readonly producer: { readonly agency: string; readonly contact: string | null };
  /** The named insured, with its mailing address line by line when the policy has one. */
  readonly insured: { readonly name: string; readonly state: string; readonly address: readonly string[] };
  readonly insurer: { readonly name: string; readonly naic: string };
  readonly coverage: {
    readonly line: string;
    readonly policyNumber: string;
    readonly effectiveDate: CalendarDate;
    readonly expirationDate: CalendarDate;
    readonly limits: readonly { readonly label: string; readonly amount: string }[];
    /** CLAIMS-MADE rather than OCCUR marked. */
    readonly claimsMade: boolean;
    /** ADDL INSD: the holder is scheduled as additional insured and the endorsement is attached. */
    readonly additionalInsured: boolean;
    /** SUBR WVD: subrogation is waived against the holder and the endorsement is attached. */
    readonly subrogationWaived: boolean;
  };
  readonly holder: { readonly name: string; readonly address: readonly string[] };
  readonly additionalInsured: string | null;
  readonly description: string | null;
}

/** How ACORD forms name each line and its limit. */
const LINE_WORDING: Readonly<Record<LineOfBusiness, { readonly line: string; readonly limit: string }>> = {
  GL: { line: 'Commercial General Liability', limit: 'Each occurrence' },
  PROPERTY: { line: 'Commercial Property', limit: 'Limit of insurance' },
  AUTO: { line: 'Commercial Automobile Liability', limit: 'Combined single limit (each accident)' },
  CYBER: { line: 'Cyber Liability', limit: 'Each claim' },
  PL: { line: 'Professional Liability', limit: 'Each claim' },
};

export const certificateNumberFor = (year: number, sequence: number): string => `COI-${year}-${String(sequence).padStart(6, '0')}`;

/** The policy facts a certificate rests on. */
interface CertifiedPolicy {
  readonly policyNumber: string;
  readonly status: 'active' | 'cancelled' | 'expired';
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly cancellation: { readonly effectiveDate: CalendarDate } | null;
  readonly risk: {
    readonly insuredName: string;
    readonly state: string;
    readonly lineOfBusiness: LineOfBusiness;
    readonly requestedLimit: Cents;
    readonly coverage?: CertifiedCoverage;
    readonly mailingAddress?: PostalAddress;
  };
  /** The schedule of forms (absent on policies issued before the forms library). */
  readonly forms?: readonly { readonly formNumber: string }[];
}

/** The coverage options a certificate reads (the risk's, core/underwriting/coverage-options.ts). */
interface CertifiedCoverage {
  readonly trigger?: 'occurrence' | 'claims_made';
  readonly limits?: Readonly<Record<(typeof GL_LIMITS)[number][0], Cents>>;
  readonly additionalInsureds?: readonly { readonly name: string }[];
  readonly waiverOfSubrogation?: { readonly blanket: boolean; readonly parties: readonly string[] } | null;
}

/** The six limits of the ACORD 25's general liability row, in its order and wording. */
const GL_LIMITS = [
  ['eachOccurrence', 'EACH OCCURRENCE'],
  ['damageToRentedPremises', 'DAMAGE TO RENTED PREMISES (Ea occurrence)'],
  ['medicalExpense', 'MED EXP (Any one person)'],
  ['personalAdvertisingInjury', 'PERSONAL & ADV INJURY'],
  ['generalAggregate', 'GENERAL AGGREGATE'],
  ['productsCompletedOperationsAggregate', 'PRODUCTS - COMP/OP AGG'],
] as const;

/** The endorsements that make a scheduled party an additional insured, and that waive subrogation. */
const ADDITIONAL_INSURED_FORMS = ['CG 20 10', 'CG 20 37'];
const WAIVER_FORM = 'CG 24 04';

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
const attached = (policy: CertifiedPolicy, numbers: readonly string[]): boolean => (policy.forms ?? []).some((form) => numbers.includes(form.formNumber));

/** Whether `name` is scheduled as additional insured with its endorsement attached. */
export const isAdditionalInsured = (policy: CertifiedPolicy, name: string): boolean =>
  attached(policy, ADDITIONAL_INSURED_FORMS) && (policy.risk.coverage?.additionalInsureds ?? []).some((insured) => sameName(insured.name, name));

/** Whether subrogation is waived against `name` with its endorsement attached (blanket, or `name` scheduled). */
export const isSubrogationWaived = (policy: CertifiedPolicy, name: string): boolean => {
  const waiver = policy.risk.coverage?.waiverOfSubrogation;
  return attached(policy, [WAIVER_FORM]) && Boolean(waiver && (waiver.blanket || waiver.parties.some((party) => sameName(party, name))));
};

/**
 * A certificate states coverage as of its date: a cancelled or expired policy has none to state.
 * A policy starting later may be certified (a holder often asks before work begins).
 */
export const assertCertifiable = (policy: CertifiedPolicy, on: CalendarDate): void => {
  if (policy.status === 'cancelled') {
    throw new DomainError('policy_not_in_force', `Policy ${policy.policyNumber} is cancelled (effective ${policy.cancellation?.effectiveDate ?? 'unknown'}).`, {
      policyNumber: policy.policyNumber,
      status: policy.status,
    });
  }
  if (compareDates(policy.expirationDate, on) <= 0) {
    throw new DomainError('policy_not_in_force', `Policy ${policy.policyNumber} expired on ${policy.expirationDate}.`, {
      policyNumber: policy.policyNumber,
      expirationDate: policy.expirationDate,
    });
  }
};

/** A holder's address: structured, or free text as the ACORD 25 holder block is (at most four lines). */
export type HolderAddress = PostalAddress | string;

const HOLDER_ADDRESS_LINES = 4;

export const addressLines = (address: HolderAddress): string[] => {
  if (typeof address !== 'string') return [address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.postalCode}`];
  const lines = address
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0 || lines.length > HOLDER_ADDRESS_LINES) {
    throw validationFailed('certificateHolder.address', 'lines', `A holder's address has 1 to ${HOLDER_ADDRESS_LINES} lines.`);
  }
  return lines;
};

export const certificateOf = (input: {
  readonly certificateNumber: string;
  readonly dateIssued: CalendarDate;
  readonly policy: CertifiedPolicy;
  readonly agency: string;
  readonly producerName: string | null;
  readonly insurer: { readonly name: string; readonly naic: string };
  readonly holder: { readonly name: string; readonly address?: HolderAddress | null };
  /** The party the certificate names as additional insured (`true`: the holder); it must be scheduled on the policy. */
  readonly additionalInsured?: string | boolean;
  readonly description?: string;
}): CertificateOfInsurance => {
  const { policy } = input;
  const wording = LINE_WORDING[policy.risk.lineOfBusiness];
  const named = input.additionalInsured === true ? input.holder.name : typeof input.additionalInsured === 'string' ? input.additionalInsured : null;
  if (named !== null && !isAdditionalInsured(policy, named)) {
    throw new DomainError('not_additional_insured', `${named} is not scheduled as an additional insured on policy ${policy.policyNumber}.`, {
      party: named,
      scheduled: (policy.risk.coverage?.additionalInsureds ?? []).map((insured) => insured.name),
    });
  }
  const limits = policy.risk.lineOfBusiness === 'GL' && policy.risk.coverage?.limits;
  return {
    certificateNumber: input.certificateNumber,
    dateIssued: input.dateIssued,
    producer: { agency: input.agency, contact: input.producerName },
    insured: { name: policy.risk.insuredName, state: policy.risk.state, address: policy.risk.mailingAddress ? addressLines(policy.risk.mailingAddress) : [] },
    insurer: input.insurer,
    coverage: {
      line: wording.line,
      policyNumber: policy.policyNumber,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      limits: limits
        ? GL_LIMITS.map(([field, label]) => ({ label, amount: formatDollars(limits[field]) }))
        : [{ label: wording.limit, amount: formatDollars(policy.risk.requestedLimit) }],
      claimsMade: policy.risk.coverage?.trigger === 'claims_made',
      additionalInsured: isAdditionalInsured(policy, named ?? input.holder.name),
      subrogationWaived: isSubrogationWaived(policy, input.holder.name),
    },
    holder: { name: input.holder.name, address: input.holder.address ? addressLines(input.holder.address) : [] },
    additionalInsured: named,
    description: input.description ?? null,
  };
};

/** The MCS-90 endorsement (49 CFR 387.15) a motor carrier's policy carries for public liability. */
export interface Mcs90Endorsement {
  readonly policyNumber: string;
  readonly effectiveDate: CalendarDate;
  readonly insured: { readonly name: string; readonly state: string };
  readonly insurer: { readonly name: string; readonly naic: string };
  readonly limit: string;
  readonly dateIssued: CalendarDate;
}

/** Only a motor carrier's policy (the AUTO line) has an MCS-90; any other answers as absent. */
export const mcs90Of = (policy: CertifiedPolicy, insurer: { name: string; naic: string }, dateIssued: CalendarDate): Mcs90Endorsement | null =>
  policy.risk.lineOfBusiness === 'AUTO'
    ? {
        policyNumber: policy.policyNumber,
        effectiveDate: policy.effectiveDate,
        insured: { name: policy.risk.insuredName, state: policy.risk.state },
        insurer,
        limit: formatDollars(policy.risk.requestedLimit),
        dateIssued,
      }
    : null;
