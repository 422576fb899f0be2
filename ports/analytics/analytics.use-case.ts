import { commissionPeriods, incurredLosses, inForceOn, lossRatio, utilization, type CommissionPeriod } from '../../core/analytics/portfolio.ts';
import { compareDates, today, yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { validationFailed } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { LedgerRepository } from '../billing/commission.repositories.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import { premiumTotals } from '../policy/policy-premium.use-case.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { PortfolioDaysRepository } from './portfolio-days.repository.ts';
import { figuresOn } from '../../core/analytics/portfolio-days.ts';
import type { ProgramRepository } from '../underwriting/programs.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { WrittenPremiumCounter } from '../underwriting/underwriting.repositories.ts';

export interface AnalyticsDeps {
  readonly policies: PolicyRepository;
  readonly claims: ClaimRepository;
  readonly portfolioDays: PortfolioDaysRepository;
  readonly ledger: Pick<LedgerRepository, 'commissionTotals'>;
  readonly programs: ProgramRepository;
  readonly reference: UnderwritingReferenceData;
  readonly writtenPremium: WrittenPremiumCounter;
  readonly clock: Clock;
}

export interface Portfolio {
  readonly asOf: CalendarDate;
  readonly grossWrittenPremium: Cents;
  readonly earnedPremium: Cents;
  /** Policies in force on the date. */
  readonly policyCount: number;
  /** New business bound (renewals aside) with terms starting on or before the date. */
  readonly bindingCount: number;
  readonly incurredLosses: Cents;
  readonly lossRatio: number | null;
}

interface ProgramUtilization {
  readonly programId: string;
  readonly name: string;
  readonly year: number;
  readonly aggregateCap: Cents;
  readonly written: Cents;
  readonly utilization: number;
}

/** The longest commission summary one request may ask for. */
export const MAX_COMMISSION_MONTHS = 36;

/** The month `count` months before `month` (YYYY-MM). */
const monthsBefore = (month: string, count: number): string => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/**
 * The organization's figures, computed from what is stored: written and earned premium from each
 * term's premium history, losses from its claims, commissions as recorded, and written premium
 * against each program's aggregate cap.
 */
export class Analytics {
  private readonly deps: AnalyticsDeps;

  constructor(deps: AnalyticsDeps) {
    this.deps = deps;
  }

  /**
   * Read from the figures kept per day with the policies and claims that move them: a row per
   * month of the book, whatever its size. Equal to `recountedPortfolio` on every date.
   */
  async portfolio(orgId: string, date?: CalendarDate): Promise<Portfolio> {
    const asOf = date ?? today(this.deps.clock.now(orgId));
    const kept = figuresOn(await this.deps.portfolioDays.monthsThrough(orgId, asOf.slice(0, 7)), asOf);
    return {
      asOf,
      grossWrittenPremium: cents(kept.written),
      earnedPremium: cents(kept.earned),
      policyCount: kept.inForce,
      bindingCount: kept.bindings,
      incurredLosses: cents(kept.losses),
      lossRatio: lossRatio(cents(kept.losses), cents(kept.earned)),
    };
  }

  /**
   * The portfolio recounted from every policy and claim, a page at a time (memory holds one page,
   * not the book; its cost grows with it): what the kept figures are checked against.
   */
  async recountedPortfolio(orgId: string, date?: CalendarDate): Promise<Portfolio> {
    const asOf = date ?? today(this.deps.clock.now(orgId));
    const totals = premiumTotals(asOf);
    let [policyCount, bindingCount, losses] = [0, 0, 0];
    await forEachRecord(
      (page) => this.deps.policies.list(orgId, {}, page),
      (policy) => {
        totals.add(policy);
        if (inForceOn(policy, asOf)) policyCount += 1;
        if (policy.renewalOf === null && compareDates(policy.effectiveDate, asOf) <= 0) bindingCount += 1;
      },
    );
    await forEachRecord(
      (page) => this.deps.claims.list(orgId, {}, page),
      (claim) => {
        losses += incurredLosses([claim], asOf);
      },
    );
    const premium = totals.report();
    return {
      asOf,
      grossWrittenPremium: premium.written,
      earnedPremium: premium.earned,
      policyCount,
      bindingCount,
      incurredLosses: cents(losses),
      lossRatio: lossRatio(cents(losses), premium.earned),
    };
  }

  /**
   * Agent commission, MGA commission and carrier net by the month they were recorded, `from` to
   * `to` (YYYY-MM): read from the totals kept with the postings, a row a month.
   */
  async commissions(orgId: string, requestedFrom?: string, requestedTo?: string): Promise<CommissionPeriod[]> {
    const to = requestedTo ?? today(this.deps.clock.now(orgId)).slice(0, 7);
    const from = requestedFrom ?? monthsBefore(to, 11);
    if (from > to) throw validationFailed('from', 'before_to', "'from' must not be after 'to'.");
    const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
    if (months > MAX_COMMISSION_MONTHS) throw validationFailed('to', 'range', `At most ${MAX_COMMISSION_MONTHS} months per request.`);
    return commissionPeriods(await this.deps.ledger.commissionTotals(orgId, from, to), from, to);
  }

  /**
   * Written premium against the aggregate cap of each of the organization's programs in the year
   * (default: this one); the platform default too when the organization has none or wrote under it.
   */
  async daUtilization(orgId: string, year?: number): Promise<ProgramUtilization[]> {
    const on = year ?? yearOf(today(this.deps.clock.now(orgId)));
    const own = await this.deps.programs.forOrganization(orgId);
    const fallback = this.deps.reference.defaultProgram();
    const fallbackWritten = await this.deps.writtenPremium.written(orgId, fallback.id, on);
    const programs = own.length === 0 || fallbackWritten > 0 ? [...own, fallback] : own;
    return Promise.all(
      programs.map(async (program) => {
        const written = program.id === fallback.id ? fallbackWritten : await this.deps.writtenPremium.written(orgId, program.id, on);
        return {
          programId: program.id,
          name: program.name,
          year: on,
          aggregateCap: program.aggregateCap,
          written: cents(written),
          utilization: utilization(written, program.aggregateCap),
        };
      }),
    );
  }
}
