import type { Principal } from '../shared/access/principal.ts';
import { addDays, addMonths, compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';

/**
 * When new business may start, counted from the day of the bind: a little back (cover bound
 * after the fact, as brokers do at the turn of a month), further back only with an
 * underwriter's authority, and not so far ahead that the rates and the program may change.
 */
const NEW_BUSINESS_WINDOW = { backDays: 30, backDaysWithAuthority: 90, aheadMonths: 18 } as const;

/** A term is renewed from this many days before it expires, until it expires. */
const RENEWAL_OPENS_DAYS_BEFORE = 90;

/** Underwriters and organization administrators hold the authority to backdate cover. */
export const canBackdate = (actor: Principal): boolean =>
  actor.kind === 'machine' || (actor.kind === 'user' && ['underwriter', 'org_admin', 'superadmin'].includes(actor.role));

const newBusinessWindow = (today: CalendarDate, withAuthority: boolean): { earliest: CalendarDate; latest: CalendarDate } => ({
  earliest: addDays(today, -(withAuthority ? NEW_BUSINESS_WINDOW.backDaysWithAuthority : NEW_BUSINESS_WINDOW.backDays)),
  latest: addMonths(today, NEW_BUSINESS_WINDOW.aheadMonths),
});

export const assertNewBusinessDate = (effectiveDate: CalendarDate, today: CalendarDate, withAuthority: boolean): void => {
  const { earliest, latest } = newBusinessWindow(today, withAuthority);
  if (compareDates(effectiveDate, earliest) >= 0 && compareDates(effectiveDate, latest) <= 0) return;
  const authority = withAuthority ? '' : ` (an underwriter may backdate up to ${NEW_BUSINESS_WINDOW.backDaysWithAuthority} days)`;
  throw new DomainError('effective_date_out_of_window', `New business must start between ${earliest} and ${latest}${authority}.`, {
    effectiveDate,
    earliest,
    latest,
  });
};

export const assertRenewalWindow = (expirationDate: CalendarDate, today: CalendarDate): void => {
  const opens = addDays(expirationDate, -RENEWAL_OPENS_DAYS_BEFORE);
  if (compareDates(today, opens) >= 0 && compareDates(today, expirationDate) <= 0) return;
  const why = compareDates(today, opens) < 0 ? `The renewal opens on ${opens}.` : `The term expired on ${expirationDate}; write new business instead.`;
  throw new DomainError('renewal_window_closed', why, { opens, expires: expirationDate });
};
