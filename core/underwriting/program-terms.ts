import { validationFailed } from '../shared/domain-error.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { DaProgram } from './delegated-authority.ts';

/** What the platform operator sets on a program; the id, organization and version are the platform's. */
export type ProgramTerms = Omit<DaProgram, 'id' | 'orgId' | 'version'>;

const unique = <T>(values: readonly T[] | null): T[] | null => (values === null ? null : [...new Set(values)]);

/**
 * Terms checked across fields (each field's own shape is checked at the edge): a per-risk premium
 * authority within the aggregate, a rate table version the manual has, no empty state or line
 * list (null means every one). Lists come back without repeats.
 */
export const checkedProgramTerms = (terms: ProgramTerms, rateTableVersions: readonly string[]): ProgramTerms => {
  if (terms.maxPremiumPerRisk > terms.aggregateCap) {
    throw validationFailed('maxPremiumPerRisk', 'within_aggregate', "'maxPremiumPerRisk' cannot exceed 'aggregateCap'.");
  }
  if (terms.rateTableVersion !== null && !rateTableVersions.includes(terms.rateTableVersion)) {
    throw validationFailed('rateTableVersion', 'one_of', `'rateTableVersion' must be one of ${rateTableVersions.join(', ')}, or null.`);
  }
  if (terms.allowedStates?.length === 0) throw validationFailed('allowedStates', 'not_empty', "'allowedStates' is null for every state, or lists some.");
  if (terms.allowedLines?.length === 0) throw validationFailed('allowedLines', 'not_empty', "'allowedLines' is null for every line, or lists some.");
  return {
    ...terms,
    allowedStates: unique(terms.allowedStates),
    allowedLines: unique(terms.allowedLines),
    excludedNaics: unique(terms.excludedNaics) ?? [],
  };
};

/** How a program collects: grace after a due date, the smallest sum worth a notice, and when renewals are offered. */
export interface CollectionTerms {
  readonly graceDays: number;
  readonly delinquencyMinimum: Cents;
  readonly renewalOfferDays: number;
}

export const DEFAULT_COLLECTION_TERMS: CollectionTerms = { graceDays: 10, delinquencyMinimum: cents(500), renewalOfferDays: 60 };

/** A program's collection terms; programs stored before they existed have the defaults. */
export const collectionTermsOf = (program: Pick<DaProgram, 'graceDays' | 'delinquencyMinimum' | 'renewalOfferDays'>): CollectionTerms => ({
  graceDays: program.graceDays ?? DEFAULT_COLLECTION_TERMS.graceDays,
  delinquencyMinimum: program.delinquencyMinimum ?? DEFAULT_COLLECTION_TERMS.delinquencyMinimum,
  renewalOfferDays: program.renewalOfferDays ?? DEFAULT_COLLECTION_TERMS.renewalOfferDays,
});
