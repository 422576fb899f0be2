import { isCalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents, centsToDollars, dollarsToCents } from '../shared/money.ts';
import type { FormField, FormFields } from '../documents/form-fields.ts';
import { isChecked, readPacket, type AcordForm, type FoundForm } from './acord-forms.ts';
import { HOME_STATES, naicsSector, US_STATES, type LineOfBusiness } from '../shared/reference-data.ts';
import { REQUIRED_RISK_FIELDS, type RiskDetails } from './submission.ts';

export { leafName } from './acord-forms.ts';

/** Where a value was read: the field's name as the file has it, its form and its page. */
interface FieldSource {
  readonly field: string;
  readonly form: AcordForm;
  readonly page: number | null;
}

export interface Extraction {
  /** What was read, by submission field (money in dollars), with `generalAggregate` (the 126's) reported only. */
  readonly fields: Record<string, string | number>;
  /** For each entry of `fields`, the form fields it was read from. */
  readonly sources: Record<string, readonly FieldSource[]>;
  /** The forms found in the file, with their pages. */
  readonly forms: readonly FoundForm[];
  /** Every line of business the application asks for; more than one leaves `lineOfBusiness` missing. */
  readonly lines: readonly LineOfBusiness[];
  /** OTHER rows naming lines this service does not write, as written. */
  readonly otherLines: readonly string[];
  readonly missing: readonly string[];
  readonly confidence: number;
  readonly needsReview: boolean;
}

const REVIEW_BELOW_CONFIDENCE = 0.75;

/** The line boxes of the published ACORD 125 (2016/03) blank: only some names carry `Indicator`. */
const LINE_BOXES: Readonly<Record<string, LineOfBusiness>> = {
  Policy_LineOfBusiness_CommercialGeneralLiability_A: 'GL',
  Policy_LineOfBusiness_CommercialProperty_A: 'PROPERTY',
  Policy_LineOfBusiness_BusinessAutoIndicator_A: 'AUTO',
  Policy_LineOfBusiness_CyberAndPrivacy_A: 'CYBER',
};

/** The six OTHER rows: a box and a description each. */
const OTHER_ROWS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/** Words an OTHER row uses for professional liability, compared on letters only (`E&O`, `E & O`, `E and O`). */
const PROFESSIONAL_LIABILITY = [' professional liability ', ' errors and omissions ', ' e and o '];

const lineOfDescription = (description: string): LineOfBusiness | null => {
  const words = ` ${description
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;
  return PROFESSIONAL_LIABILITY.some((phrase) => words.includes(phrase)) ? 'PL' : null;
};

const money = (raw: string | undefined): Cents | undefined => {
  const cleaned = raw?.replace(/[$,\s]/g, '');
  if (!cleaned || cleaned.length > 16 || !/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return dollarsToCents(Number(cleaned));
};

const date = (raw: string | undefined): string | undefined => {
  if (!raw || raw.length > 10) return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : raw;
  return isCalendarDate(iso) ? iso : undefined;
};

const codeIn = (codes: readonly string[], raw: string | undefined): string | undefined => {
  const code = raw?.trim().toUpperCase();
  return code && codes.includes(code) ? code : undefined;
};
const stateCode = (raw: string | undefined): string | undefined => codeIn(US_STATES, raw);

/** The values of one form's pages, each remembered with where it was read. */
class FormReading {
  readonly sources: Record<string, FieldSource[]> = {};
  private readonly fields: ReadonlyMap<string, FormField>;
  private readonly form: AcordForm;

  constructor(fields: ReadonlyMap<string, FormField>, form: AcordForm) {
    this.fields = fields;
    this.form = form;
  }

  raw(leaf: string): string | boolean | undefined {
    return this.fields.get(leaf)?.value;
  }

  /** Trimmed text of a field, or undefined when it is empty or a checkbox. */
  text(leaf: string): string | undefined {
    const value = this.raw(leaf);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }

  /** Records that `key` was read from `leaf`. */
  source(key: string, leaf: string): void {
    const field = this.fields.get(leaf);
    if (field) (this.sources[key] ??= []).push({ field: field.name, form: this.form, page: field.page });
  }
}

/** The lines of business the application asks for: its boxes, and its OTHER rows (`Policy_LineOfBusiness_OtherIndicator_A`…) by their descriptions. */
const linesOf = (application: FormReading): { lines: LineOfBusiness[]; otherLines: string[] } => {
  const lines = new Set<LineOfBusiness>();
  const otherLines: string[] = [];
  for (const [box, line] of Object.entries(LINE_BOXES)) {
    if (!isChecked(application.raw(box))) continue;
    lines.add(line);
    application.source('lineOfBusiness', box);
  }
  for (const row of OTHER_ROWS) {
    const describedAt = `Policy_LineOfBusiness_OtherLineOfBusinessDescription_${row}`;
    // A row counts when it names a line: agency systems often write the description without ticking its box.
    const description = application.text(describedAt);
    if (!description) continue;
    const line = lineOfDescription(description);
    if (line) {
      lines.add(line);
      application.source('lineOfBusiness', describedAt);
    } else otherLines.push(description.slice(0, 200));
  }
  return { lines: [...lines], otherLines };
};

/**
 * Maps a filled ACORD 125 (with its 126 when the file has one) to a submission. A value that is
 * absent or unreadable is left out, so the submission stays incomplete instead of the upload
 * failing; confidence is the share of the required fields that were read. Field names follow the
 * published 2016/03 blanks, with or without their XFA qualification.
 */
export const fromAcord125 = (form: FormFields): { risk: RiskDetails; contactEmail?: string; description?: string; extraction: Extraction } => {
  const packet = readPacket(form);
  const application = new FormReading(packet.fieldsOf('ACORD 125'), 'ACORD 125');
  const liability = new FormReading(packet.fieldsOf('ACORD 126'), 'ACORD 126');
  const fields: Record<string, string | number> = {};
  const risk: { -readonly [K in keyof RiskDetails]: RiskDetails[K] } = {};
  const read = <K extends string>(key: K, reading: FormReading, leaves: readonly string[], value: string | number | undefined) => {
    if (value === undefined) return;
    fields[key] = value;
    for (const leaf of leaves) if (reading.text(leaf) !== undefined) reading.source(key, leaf);
  };

  const insuredName = application.text('NamedInsured_FullName_A')?.slice(0, 200);
  if (insuredName) risk.insuredName = insuredName;
  read('insuredName', application, ['NamedInsured_FullName_A'], risk.insuredName);
  const naics = application.text('NamedInsured_NAICSCode_A');
  if (naics && naics.length <= 6 && naicsSector(naics)) risk.naicsCode = naics;
  read('naicsCode', application, ['NamedInsured_NAICSCode_A'], risk.naicsCode);

  const revenueLeaves = ['A', 'B', 'C', 'D'].map((row) => `CommercialStructure_AnnualRevenueAmount_${row}`);
  const revenues = revenueLeaves.map((leaf) => money(application.text(leaf))).filter((part): part is Cents => part !== undefined);
  const revenue = cents(revenues.reduce<number>((sum, part) => sum + part, 0));
  if (revenue > 0) risk.annualRevenue = revenue;
  read('annualRevenue', application, revenueLeaves, risk.annualRevenue === undefined ? undefined : centsToDollars(risk.annualRevenue));

  const limit = money(liability.text('GeneralLiability_EachOccurrence_LimitAmount_A'));
  if (limit && limit > 0) risk.requestedLimit = limit;
  read(
    'requestedLimit',
    liability,
    ['GeneralLiability_EachOccurrence_LimitAmount_A'],
    risk.requestedLimit === undefined ? undefined : centsToDollars(risk.requestedLimit),
  );
  const aggregate = money(liability.text('GeneralLiability_GeneralAggregate_LimitAmount_A'));
  read('generalAggregate', liability, ['GeneralLiability_GeneralAggregate_LimitAmount_A'], aggregate ? centsToDollars(aggregate) : undefined);

  const effective = date(application.text('Policy_EffectiveDate_A'));
  if (effective) risk.effectiveDate = effective;
  read('effectiveDate', application, ['Policy_EffectiveDate_A'], risk.effectiveDate);

  // The risk's state is the first premises' state, else the mailing address's; the mailing state is the home state.
  // The home state may be a territory (PR, GU, VI); a risk is rated in a state.
  const homeState = codeIn(HOME_STATES, application.text('NamedInsured_MailingAddress_StateOrProvinceCode_A'));
  const premisesState = stateCode(application.text('CommercialStructure_PhysicalAddress_StateOrProvinceCode_A'));
  const riskState = premisesState ?? stateCode(homeState);
  if (riskState) risk.state = riskState;
  if (homeState) risk.homeState = homeState;
  read(
    'state',
    application,
    [premisesState ? 'CommercialStructure_PhysicalAddress_StateOrProvinceCode_A' : 'NamedInsured_MailingAddress_StateOrProvinceCode_A'],
    risk.state,
  );
  read('homeState', application, ['NamedInsured_MailingAddress_StateOrProvinceCode_A'], homeState);

  const { lines, otherLines } = linesOf(application);
  if (lines.length === 1) {
    risk.lineOfBusiness = lines[0];
    fields.lineOfBusiness = lines[0] as string;
  } else delete application.sources.lineOfBusiness;

  const email = application.text('NamedInsured_Contact_PrimaryEmailAddress_A')?.slice(0, 254);
  const contactEmail = email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : undefined;
  read('contactEmail', application, ['NamedInsured_Contact_PrimaryEmailAddress_A'], contactEmail);
  const description = application.text('CommercialPolicy_OperationsDescription_A')?.slice(0, 2000);
  read('description', application, ['CommercialPolicy_OperationsDescription_A'], description);

  const missing = REQUIRED_RISK_FIELDS.filter((field) => risk[field] === undefined);
  const confidence = Math.round(((REQUIRED_RISK_FIELDS.length - missing.length) / REQUIRED_RISK_FIELDS.length) * 100) / 100;
  return {
    risk,
    ...(contactEmail ? { contactEmail } : {}),
    ...(description ? { description } : {}),
    extraction: {
      fields,
      sources: { ...application.sources, ...liability.sources },
      forms: packet.forms,
      lines,
      otherLines,
      missing,
      confidence,
      needsReview: confidence < REVIEW_BELOW_CONFIDENCE,
    },
  };
};
