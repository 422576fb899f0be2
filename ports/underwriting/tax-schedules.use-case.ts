import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import { ruleInForce, type LocalityRate, type TaxComponentRule } from '../../core/underwriting/tax-schedule.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { UnderwritingReferenceData } from './reference-data.port.ts';

export interface TaxScheduleLookupDeps {
  readonly reference: UnderwritingReferenceData;
  readonly clock: Clock;
}

/** A home state's schedule as it stands on a date, with the localities its local taxes name. */
export interface ScheduleOnDate {
  readonly state: string;
  readonly on: CalendarDate;
  readonly components: readonly TaxComponentRule[];
  readonly localities: readonly (LocalityRate & { readonly code: string })[];
  readonly perilShares: Readonly<Record<LineOfBusiness, { readonly fire: number; readonly marine: number }>>;
}

/**
 * What a surplus lines policy whose insured calls `state` home is charged, so an integrator can
 * show it before quoting: the components in force on a date (the organization's today unless
 * given), each with its source, and the localities a local premium tax takes.
 */
export class TaxScheduleLookup {
  private readonly deps: TaxScheduleLookupDeps;

  constructor(deps: TaxScheduleLookupDeps) {
    this.deps = deps;
  }

  onDate(orgId: string, state: string, on?: CalendarDate): ScheduleOnDate {
    const schedules = this.deps.reference.taxSchedules();
    const date = on ?? today(this.deps.clock.now(orgId));
    const components = (schedules.states[state]?.components ?? []).filter((rule) => ruleInForce(rule, date));
    const localities = Object.entries(schedules.localities[state] ?? {}).map(([code, locality]) => ({ code, ...locality }));
    return { state, on: date, components, localities, perilShares: schedules.perilShares };
  }
}
