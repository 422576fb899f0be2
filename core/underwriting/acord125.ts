import { isCalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import { LINES_OF_BUSINESS, naicsSector, US_STATES, type LineOfBusiness } from './reference-data.ts';
import { REQUIRED_RISK_FIELDS, type RiskDetails } from './submission.ts';

/** Form field values by field name, as read from an AcroForm. */
export type FormValues = Readonly<Record<string, string | boolean>>;

export interface Extraction {
  readonly fields: Record<string, string | number>;
  readonly missing: readonly string[];
  readonly confidence: number;
  readonly needsReview: boolean;
}

export const REVIEW_BELOW_CONFIDENCE = 0.75;

const LINE_BOXES: Record<string, LineOfBusiness> = {
  CommercialGeneralLiability: 'GL',
  CommercialProperty: 'PROPERTY',
  BusinessAuto: 'AUTO',
  Cyber: 'CYBER',
  ProfessionalLiability: 'PL',
};

/** `F[0].P1[0].NamedInsured_FullName_A[0]` and `NamedInsured_FullName_A` name the same field. */
export const leafName = (qualified: string): string => (qualified.split('.').at(-1) ?? qualified).replace(/\[\d+\]$/, '');

const text = (values: Map<string, string | boolean>, name: string): string | undefined => {
  const value = values.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const money = (raw: string | undefined): Cents | undefined => {
  if (!raw) return undefined;
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return cents(Math.round(Number(cleaned) * 100));
};

const date = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : raw;
  return isCalendarDate(iso) ? iso : undefined;
};

/**
 * Maps ACORD 125 fields to a submission. A value that is absent or unreadable is left out, so
 * the submission stays incomplete instead of the upload failing; confidence is the share of the
 * required fields that were read.
 */
export const fromAcord125 = (form: FormValues): { risk: RiskDetails; contactEmail?: string; description?: string; extraction: Extraction } => {
  const values = new Map<string, string | boolean>();
  for (const [name, value] of Object.entries(form)) values.set(leafName(name), value);

  const state = text(values, 'NamedInsured_MailingAddress_StateOrProvinceCode_A')?.toUpperCase();
  const naics = text(values, 'NamedInsured_NAICSCode_A');
  const revenueParts = ['A', 'B', 'C', 'D'].map((suffix) => money(text(values, `CommercialStructure_AnnualRevenueAmount_${suffix}`)));
  const revenue = revenueParts.some((part) => part !== undefined) ? cents(revenueParts.reduce<number>((sum, part) => sum + (part ?? 0), 0)) : undefined;
  const checkedLines = Object.entries(LINE_BOXES)
    .filter(([box]) => values.get(`Policy_LineOfBusiness_${box}Indicator_A`) === true)
    .map(([, line]) => line);

  const risk: RiskDetails = {
    ...(text(values, 'NamedInsured_FullName_A') ? { insuredName: text(values, 'NamedInsured_FullName_A') as string } : {}),
    ...(naics && naicsSector(naics) ? { naicsCode: naics } : {}),
    ...(revenue && revenue > 0 ? { annualRevenue: revenue } : {}),
    ...(() => {
      const limit = money(text(values, 'GeneralLiability_EachOccurrence_LimitAmount_A'));
      return limit && limit > 0 ? { requestedLimit: limit } : {};
    })(),
    ...(date(text(values, 'Policy_EffectiveDate_A')) ? { effectiveDate: date(text(values, 'Policy_EffectiveDate_A')) as string } : {}),
    ...(state && (US_STATES as readonly string[]).includes(state) ? { state } : {}),
    ...(checkedLines.length === 1 && (LINES_OF_BUSINESS as readonly string[]).includes(checkedLines[0] as string)
      ? { lineOfBusiness: checkedLines[0] as LineOfBusiness }
      : {}),
  };
  const contactEmail = text(values, 'NamedInsured_Contact_PrimaryEmailAddress_A');
  const description = text(values, 'CommercialPolicy_OperationsDescription_A');
  const missing = REQUIRED_RISK_FIELDS.filter((field) => risk[field] === undefined);
  const confidence = Math.round(((REQUIRED_RISK_FIELDS.length - missing.length) / REQUIRED_RISK_FIELDS.length) * 100) / 100;
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(risk))
    fields[key] = key === 'annualRevenue' || key === 'requestedLimit' ? (value as number) / 100 : (value as string);
  if (contactEmail) fields.contactEmail = contactEmail;
  if (description) fields.description = description;
  return {
    risk,
    ...(contactEmail && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contactEmail) ? { contactEmail } : {}),
    ...(description ? { description } : {}),
    extraction: { fields, missing, confidence, needsReview: confidence < REVIEW_BELOW_CONFIDENCE },
  };
};
