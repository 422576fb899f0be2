import { assertCalendarDate, compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { validationFailed } from '../shared/domain-error.ts';
import type { Cents } from '../shared/money.ts';
import type { PostalAddress } from '../documents/certificate.ts';

/** The general liability limits schedule, as a declarations page and an ACORD 25 show it. */
export interface LiabilityLimits {
  readonly eachOccurrence: Cents;
  readonly damageToRentedPremises: Cents;
  readonly medicalExpense: Cents;
  readonly personalAdvertisingInjury: Cents;
  readonly generalAggregate: Cents;
  readonly productsCompletedOperationsAggregate: Cents;
}

export type { PostalAddress };

export const AI_OPERATIONS = ['ongoing', 'completed', 'both'] as const;
export type AdditionalInsuredOperations = (typeof AI_OPERATIONS)[number];

/** A person or organization the insured agreed to add as an insured (a general contractor, a landlord). */
export interface AdditionalInsured {
  readonly name: string;
  readonly address: PostalAddress;
  readonly relationship: string;
  readonly operations: AdditionalInsuredOperations;
}

export const COVERAGE_TRIGGERS = ['occurrence', 'claims_made'] as const;
export type CoverageTrigger = (typeof COVERAGE_TRIGGERS)[number];

/**
 * The coverage options on a risk that a certificate holder asks for (CONTRACT 18.11), all
 * optional: the trigger, the limits schedule with a deductible, additional insureds, a waiver of
 * subrogation and primary and non-contributory wording. Forms follow them.
 */
export interface CoverageOptions {
  readonly trigger?: CoverageTrigger;
  /** Claims-made only: the earliest date of an occurrence the policy answers for. */
  readonly retroactiveDate?: CalendarDate;
  readonly limits?: LiabilityLimits;
  readonly deductible?: Cents;
  readonly additionalInsureds?: readonly AdditionalInsured[];
  readonly waiverOfSubrogation?: { readonly blanket: boolean; readonly parties: readonly string[] } | null;
  readonly primaryNonContributory?: boolean;
}

/** The conditions on coverage options a form may attach on (core/policy/forms.ts). */
export const COVERAGE_CONDITIONS = ['additional_insured_ongoing', 'additional_insured_completed', 'waiver_of_subrogation', 'primary_noncontributory'] as const;
export type CoverageCondition = (typeof COVERAGE_CONDITIONS)[number];

/** Whether the options meet a condition. */
export const meets = (coverage: CoverageOptions | undefined, condition: CoverageCondition): boolean => {
  const insureds = coverage?.additionalInsureds ?? [];
  switch (condition) {
    case 'additional_insured_ongoing':
      return insureds.some((insured) => insured.operations !== 'completed');
    case 'additional_insured_completed':
      return insureds.some((insured) => insured.operations !== 'ongoing');
    case 'waiver_of_subrogation':
      return Boolean(coverage?.waiverOfSubrogation && (coverage.waiverOfSubrogation.blanket || coverage.waiverOfSubrogation.parties.length > 0));
    case 'primary_noncontributory':
      return coverage?.primaryNonContributory === true;
  }
};

/** The trigger of a risk's cover: occurrence unless claims-made is asked for. */
export const triggerOf = (coverage: CoverageOptions | undefined): CoverageTrigger => coverage?.trigger ?? 'occurrence';

/** The limits of the schedule, in the order a declarations page and an ACORD 25 list them. */
export const LIMIT_FIELDS = [
  'eachOccurrence',
  'damageToRentedPremises',
  'medicalExpense',
  'personalAdvertisingInjury',
  'generalAggregate',
  'productsCompletedOperationsAggregate',
] as const;

/**
 * Checks what a schema cannot (CONTRACT 18.11): the limits hang together (no sublimit above the
 * each-occurrence limit, aggregates at least that), `requestedLimit` is the each-occurrence
 * limit when both are given, a retroactive date only on claims-made cover and not after the
 * term begins, additional insureds and waived parties named once.
 */
export const assertValidCoverage = (
  coverage: CoverageOptions,
  risk: { readonly requestedLimit?: Cents; readonly effectiveDate?: CalendarDate },
  prefix = 'coverage.',
): void => {
  const { limits } = coverage;
  if (limits) {
    for (const field of LIMIT_FIELDS) {
      if (!(limits[field] > 0)) throw validationFailed(`${prefix}limits.${field}`, 'positive', `'${field}' must be greater than zero.`);
    }
    for (const field of ['damageToRentedPremises', 'medicalExpense', 'personalAdvertisingInjury'] as const) {
      if (limits[field] > limits.eachOccurrence)
        throw validationFailed(`${prefix}limits.${field}`, 'maximum', `'${field}' cannot exceed the each-occurrence limit.`);
    }
    for (const field of ['generalAggregate', 'productsCompletedOperationsAggregate'] as const) {
      if (limits[field] < limits.eachOccurrence)
        throw validationFailed(`${prefix}limits.${field}`, 'minimum', `'${field}' cannot be below the each-occurrence limit.`);
    }
    if (risk.requestedLimit !== undefined && risk.requestedLimit !== limits.eachOccurrence) {
      throw validationFailed(
        `${prefix}limits.eachOccurrence`,
        'requestedLimit',
        "'requestedLimit' and 'limits.eachOccurrence' must be the same amount when both are given.",
      );
    }
  }
  if (coverage.deductible !== undefined && coverage.deductible < 0)
    throw validationFailed(`${prefix}deductible`, 'minimum', "'deductible' cannot be negative.");
  if (coverage.retroactiveDate !== undefined) {
    assertCalendarDate(coverage.retroactiveDate, `${prefix}retroactiveDate`);
    if (coverage.trigger !== 'claims_made')
      throw validationFailed(`${prefix}retroactiveDate`, 'claims_made', 'A retroactive date belongs to claims-made cover only.');
    if (risk.effectiveDate !== undefined && compareDates(coverage.retroactiveDate, risk.effectiveDate) > 0) {
      throw validationFailed(`${prefix}retroactiveDate`, 'maximum', 'The retroactive date cannot be after the policy period begins.');
    }
  }
  const names = (coverage.additionalInsureds ?? []).map((insured) => insured.name.trim().toLowerCase());
  const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (repeated >= 0) throw validationFailed(`${prefix}additionalInsureds.${repeated}.name`, 'unique', 'Each additional insured is named once.');
  const parties = (coverage.waiverOfSubrogation?.parties ?? []).map((party) => party.trim().toLowerCase());
  const twice = parties.findIndex((party, index) => parties.indexOf(party) !== index);
  if (twice >= 0) throw validationFailed(`${prefix}waiverOfSubrogation.parties.${twice}`, 'unique', 'Each party is named once.');
};
