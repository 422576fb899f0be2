import { assertTransition } from '../shared/lifecycle.ts';
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError, isDomainError } from '../shared/domain-error.ts';
import { QUOTE_LIFECYCLE, type Quote } from './quote.ts';
import { assertNewBusinessDate } from './term-dates.ts';
import type { Triage } from './triage.ts';

/** What a bind decides from, read for the caller on the day asked. */
export interface BindChecks {
  readonly triage: Triage;
  /** An approved referral overrides the triage's decline. */
  readonly declineOverridden: boolean;
  readonly quote: Quote;
  /** An approved referral of the quote lifts its delegated-authority flags. */
  readonly approved: boolean;
  readonly on: CalendarDate;
  /** The caller may backdate cover further (underwriters, administrators). */
  readonly withAuthority: boolean;
  readonly program: { readonly id: string; readonly name: string; readonly status: string };
}

/**
 * Each rule a bind checks before its write, in the order of the contract (record state, dates,
 * delegated authority): a thunk that throws the refusal bind answers.
 */
const RULES: ReadonlyArray<(checks: BindChecks) => void> = [
  ({ quote }) => assertTransition(QUOTE_LIFECYCLE, 'bind', quote.status),
  ({ triage, declineOverridden }) => {
    if (triage.band !== 'decline' || declineOverridden) return;
    throw new DomainError('referral_required', 'Triage declined this submission; an approved referral is needed before it can bind.', {
      triage: { score: triage.score, band: triage.band },
    });
  },
  ({ quote, on }) => {
    if (compareDates(on, quote.validUntil) <= 0) return;
    throw new DomainError('quote_expired', `The quote was valid until ${quote.validUntil}.`, { validUntil: quote.validUntil });
  },
  ({ quote, on, withAuthority }) => assertNewBusinessDate(quote.risk.effectiveDate, on, withAuthority),
  ({ quote, approved }) => {
    if (quote.bindable || approved) return;
    throw new DomainError('not_bindable', 'Delegated-authority flags block this quote; an approved referral of it lifts them.', { daFlags: quote.daFlags });
  },
  ({ program }) => {
    if (program.status === 'active') return;
    throw new DomainError('not_bindable', `The program ${program.name} is ${program.status}: it writes no new business.`, { programId: program.id });
  },
];

/**
 * Every refusal a bind would answer now, first the one it answers: bind throws the first, a quote
 * and the submission's readiness list them all as blockers (CONTRACT 18.18), so nothing bind
 * refuses is a surprise. The aggregate cap is checked by the bind's own write.
 */
export const bindRefusals = (checks: BindChecks): DomainError[] =>
  RULES.flatMap((rule) => {
    try {
      rule(checks);
      return [];
    } catch (error) {
      if (isDomainError(error)) return [error];
      throw error;
    }
  });

/** A refusal as a blocker is shown: its code, message and details, as the error body would carry them. */
export const asBlocker = (refusal: DomainError): { error: string; message: string; details: Record<string, unknown> } => ({
  error: refusal.code,
  message: refusal.message,
  details: { ...refusal.details },
});
