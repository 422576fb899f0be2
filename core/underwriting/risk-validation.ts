import { assertCalendarDate } from '../shared/calendar-date.ts';
import { validationFailed } from '../shared/domain-error.ts';
import { HOME_STATES, naicsSector, US_STATES } from '../shared/reference-data.ts';
import type { PriorLoss, RiskDetails } from './submission.ts';
import { assertValidCoverage } from './coverage-options.ts';

/** Checks the values a schema cannot: real dates, known states, NAICS codes of a rated sector, positive money. */
export const assertValidRisk = (risk: RiskDetails, prefix = ''): void => {
  if (risk.state !== undefined && !(US_STATES as readonly string[]).includes(risk.state)) {
    throw validationFailed(`${prefix}state`, 'enum', `'${risk.state}' is not a two-letter US state code.`);
  }
  if (risk.homeState !== undefined && !(HOME_STATES as readonly string[]).includes(risk.homeState)) {
    throw validationFailed(`${prefix}homeState`, 'enum', `'${risk.homeState}' is not a state, DC or territory code.`);
  }
  if (risk.naicsCode !== undefined && !naicsSector(risk.naicsCode)) {
    throw validationFailed(`${prefix}naicsCode`, 'naics', `'${risk.naicsCode}' is not a NAICS code of a known sector.`);
  }
  if (risk.effectiveDate !== undefined) assertCalendarDate(risk.effectiveDate, `${prefix}effectiveDate`);
  for (const field of ['annualRevenue', 'requestedLimit'] as const) {
    const amount = risk[field];
    if (amount !== undefined && amount <= 0) throw validationFailed(`${prefix}${field}`, 'positive', `'${field}' must be greater than zero.`);
  }
  if (risk.coverage) assertValidCoverage(risk.coverage, risk, `${prefix}coverage.`);
};

export const assertValidLosses = (losses: readonly PriorLoss[]): void =>
  losses.forEach((loss, index) => {
    assertCalendarDate(loss.date, `priorLosses.${index}.date`);
    if (loss.amount < 0) throw validationFailed(`priorLosses.${index}.amount`, 'minimum', 'Loss amounts cannot be negative.');
  });
