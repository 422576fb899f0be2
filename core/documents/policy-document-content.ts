import type { CalendarDate } from '../shared/calendar-date.ts';
import type { Cents } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';

/** What the documents of a policy print (core/policy/policy-documents.ts builds them; adapters/documents/forms draws them). */

/** A form as a document lists it: number, edition and title. */
export interface ListedForm {
  readonly formNumber: string;
  /** YYYY-MM. */
  readonly edition: string;
  readonly title: string;
}

/** One amount a document prints, under its label. */
export interface PrintedAmount {
  readonly label: string;
  readonly amount: Cents;
}

/** What every document of a policy heads with. */
export interface Heading {
  readonly policyNumber: string;
  readonly insuredName: string;
  readonly lineOfBusiness: LineOfBusiness;
  readonly carrier: { readonly name: string; readonly naic: string };
  readonly producer: string;
}

/** The declarations of a term: who, when, what limits, what premium, charges and forms. */
export interface DeclarationsContent extends Heading {
  readonly kind: 'declarations';
  /** The named insured's mailing address, line by line (empty when not given). */
  readonly insuredAddress: readonly string[];
  readonly renewalOf: string | null;
  readonly period: { readonly from: CalendarDate; readonly to: CalendarDate };
  readonly state: string;
  readonly trigger: 'occurrence' | 'claims_made';
  readonly retroactiveDate: CalendarDate | null;
  readonly limits: readonly PrintedAmount[];
  readonly deductible: Cents | null;
  /** Premium by coverage, then each fee and tax by payee: what the invoices bill, to the cent. */
  readonly premium: readonly PrintedAmount[];
  readonly charges: readonly (PrintedAmount & { readonly payee: string })[];
  readonly total: Cents;
  readonly additionalInsureds: readonly string[];
  readonly waiverOfSubrogation: string | null;
  readonly primaryNonContributory: boolean;
  readonly forms: readonly ListedForm[];
}

/** A change of the policy: what changed, from when, and what it does to the premium and forms. */
export interface ChangeContent extends Heading {
  readonly kind: 'endorsement' | 'cancellation' | 'reinstatement';
  readonly effectiveDate: CalendarDate;
  readonly changes: readonly { readonly label: string; readonly from: string; readonly to: string }[];
  readonly premiumChange: Cents;
  readonly charges: readonly (PrintedAmount & { readonly payee: string })[];
  readonly formsAdded: readonly ListedForm[];
  readonly formsRemoved: readonly ListedForm[];
}

/** A notice of the policy (cancellation for non-payment): when it was given, what it announces and the law that sets its period. */
export interface NoticeContent extends Heading {
  readonly kind: 'cancellation_notice';
  readonly noticeOn: CalendarDate;
  readonly effectiveDate: CalendarDate;
  readonly reason: string;
  readonly amountDue: Cents;
  readonly noticeDays: number;
  readonly source: string;
}

/** What a policy document draws (the policy-documents job, or the command that mails it at once). */
export type DrawnContent = DeclarationsContent | ChangeContent | NoticeContent;

/** A certificate of insurance, drawn as an ACORD 25 when it was asked for: listed with the policy's documents by its holder. */
export interface CertificateSummary {
  readonly kind: 'coi';
  readonly policyNumber: string;
  readonly certificateNumber: string;
  readonly holder: string;
  readonly additionalInsured: boolean;
  readonly subrogationWaived: boolean;
}

export type PolicyDocumentContent = DrawnContent | CertificateSummary;
