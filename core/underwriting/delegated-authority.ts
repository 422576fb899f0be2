import { cents, type Cents, centsToDollars } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';
import type { CompleteRisk } from './submission.ts';

/** What an MGA may bind without referring to the carrier. Amounts in cents. */
export interface DaProgram {
  readonly id: string;
  /** The organization the program serves; null for the platform's programs in fixtures/. */
  readonly orgId: string | null;
  /** Rises by one on every change; quotes and policies keep the version they were written under. */
  readonly version: number;
  /** A suspended program writes no new business; its policies run their terms. */
  readonly status: ProgramStatus;
  readonly name: string;
  readonly maxLimitPerRisk: Cents;
  readonly maxPremiumPerRisk: Cents;
  /** Null: every state. */
  readonly allowedStates: readonly string[] | null;
  /** Null: every line. */
  readonly allowedLines: readonly LineOfBusiness[] | null;
  /** NAICS code prefixes the program excludes. */
  readonly excludedNaics: readonly string[];
  /** Written premium allowed per organization and calendar year. */
  readonly aggregateCap: Cents;
  /** Percent of written premium kept at least when the insured asks to cancel. */
  readonly minimumEarnedPremiumPercent: number;
  /** Charged per term on its own invoice line, outside the commission base; the MGA's income. */
  readonly policyFee: Cents;
  /** A surplus lines program charges the home state's surplus lines tax and stamping fee. */
  readonly surplusLines: boolean;
  /** The rate manual version the program writes on; null: the version in force on the effective date. */
  readonly rateTableVersion: string | null;
  /** The carrier whose paper the program writes on, with its NAIC company code (on certificates). */
  readonly insurer: { readonly name: string; readonly naic: string };
  /** Days after a due date before an unpaid installment is past due; absent: 10. */
  readonly graceDays?: number;
  /** What is left past due below this starts no notice (and paying down to it rescinds one); absent: $5. */
  readonly delinquencyMinimum?: Cents;
  /** Days before expiry a renewal is offered; absent: 60. */
  readonly renewalOfferDays?: number;
}

export const PROGRAM_STATUSES = ['active', 'suspended'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/** Whether the program's states and lines take the risk (limits and appetite aside). */
const programCovers = (program: DaProgram, risk: Pick<CompleteRisk, 'state' | 'lineOfBusiness'>): boolean =>
  (program.allowedStates === null || program.allowedStates.includes(risk.state)) &&
  (program.allowedLines === null || program.allowedLines.includes(risk.lineOfBusiness));

/**
 * The program a new risk of an organization is written under: its first active program covering
 * the risk's state and line; else its first active program, whose flags then say why the risk is
 * outside it. An organization whose programs are all suspended gets its first one, whose flag
 * says so: an organization with programs never falls back to broader platform authority. Null
 * when the organization has no program.
 */
export const programForRisk = (programs: readonly DaProgram[], risk: Pick<CompleteRisk, 'state' | 'lineOfBusiness'>): DaProgram | null => {
  const active = programs.filter((program) => program.status === 'active');
  return active.find((program) => programCovers(program, risk)) ?? active[0] ?? programs[0] ?? null;
};

export type DaFlagCode =
  'program_suspended' | 'limit_exceeded' | 'premium_exceeded' | 'state_not_allowed' | 'line_not_allowed' | 'naics_excluded' | 'aggregate_exceeded';

export interface DaFlag {
  readonly code: DaFlagCode;
  readonly message: string;
  readonly limit: number | string | readonly string[] | null;
  readonly actual: number | string;
}

const dollars = (amount: number) => centsToDollars(cents(amount));

/** Every way a quote exceeds the program; an empty list means it may be bound. */
export const daFlags = (risk: CompleteRisk, premium: Cents, program: DaProgram, writtenThisYear: Cents): DaFlag[] => {
  const flags: DaFlag[] = [];
  if (program.status !== 'active') {
    flags.push({
      code: 'program_suspended',
      message: `The program ${program.name} is suspended: it writes no new business.`,
      limit: null,
      actual: program.status,
    });
  }
  if (risk.requestedLimit > program.maxLimitPerRisk) {
    flags.push({
      code: 'limit_exceeded',
      message: 'Requested limit is above the per-risk limit of the program.',
      limit: dollars(program.maxLimitPerRisk),
      actual: dollars(risk.requestedLimit),
    });
  }
  if (premium > program.maxPremiumPerRisk) {
    flags.push({
      code: 'premium_exceeded',
      message: 'Premium is above the per-risk premium authority.',
      limit: dollars(program.maxPremiumPerRisk),
      actual: dollars(premium),
    });
  }
  if (program.allowedStates && !program.allowedStates.includes(risk.state)) {
    flags.push({ code: 'state_not_allowed', message: `State ${risk.state} is outside the program.`, limit: program.allowedStates, actual: risk.state });
  }
  if (program.allowedLines && !program.allowedLines.includes(risk.lineOfBusiness)) {
    flags.push({
      code: 'line_not_allowed',
      message: `Line ${risk.lineOfBusiness} is outside the program.`,
      limit: program.allowedLines,
      actual: risk.lineOfBusiness,
    });
  }
  const excluded = program.excludedNaics.find((prefix) => risk.naicsCode.startsWith(prefix));
  if (excluded) {
    flags.push({
      code: 'naics_excluded',
      message: `NAICS ${risk.naicsCode} is excluded by the program.`,
      limit: program.excludedNaics,
      actual: risk.naicsCode,
    });
  }
  if (writtenThisYear + premium > program.aggregateCap) {
    flags.push({
      code: 'aggregate_exceeded',
      message: 'Binding would exceed the aggregate written-premium cap.',
      limit: dollars(program.aggregateCap),
      actual: dollars(writtenThisYear + premium),
    });
  }
  return flags;
};

export const aggregateFlag = (program: DaProgram, written: Cents, premium: Cents): DaFlag => ({
  code: 'aggregate_exceeded',
  message: 'Binding would exceed the aggregate written-premium cap.',
  limit: dollars(program.aggregateCap),
  actual: dollars(written + premium),
});
