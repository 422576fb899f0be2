import type { Cents } from '../shared/money.ts';
import type { LineOfBusiness } from './reference-data.ts';
import type { CompleteRisk } from './submission.ts';

/** What an MGA may bind without referring to the carrier. Amounts in cents. */
export interface DaProgram {
  readonly id: string;
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
  /** The carrier whose paper the program writes on, with its NAIC company code (on certificates). */
  readonly insurer: { readonly name: string; readonly naic: string };
}

export type DaFlagCode = 'limit_exceeded' | 'premium_exceeded' | 'state_not_allowed' | 'line_not_allowed' | 'naics_excluded' | 'aggregate_exceeded';

export interface DaFlag {
  readonly code: DaFlagCode;
  readonly message: string;
  readonly limit: number | string | readonly string[] | null;
  readonly actual: number | string;
}

const dollars = (amount: number) => amount / 100;

/** Every way a quote exceeds the program; an empty list means it may be bound. */
export const daFlags = (risk: CompleteRisk, premium: Cents, program: DaProgram, writtenThisYear: Cents): DaFlag[] => {
  const flags: DaFlag[] = [];
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
