import { daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { naicsSector } from '../shared/reference-data.ts';
import { missingRiskFields, type PriorLoss, type RiskDetails } from './risk.ts';

export type TriageBand = 'decline' | 'refer' | 'fast_track';

export interface Triage {
  readonly score: number;
  readonly band: TriageBand;
  readonly reasons: readonly string[];
}

type Appetite = 'preferred' | 'neutral' | 'restricted' | 'excluded';

/** Underwriting appetite by NAICS sector, and states that need a closer look. */
export interface AppetiteGuide {
  readonly sectors: Readonly<Record<string, Appetite>>;
  readonly elevatedStates: readonly string[];
}

interface TriageInput extends RiskDetails {
  readonly contactEmail?: string | null;
  readonly description?: string | null;
  readonly priorLosses: readonly PriorLoss[];
}

const APPETITE_POINTS: Record<Appetite, number> = { preferred: 0, neutral: -15, restricted: -35, excluded: -70 };
const DOLLARS = 100;

export const bandOf = (score: number): TriageBand => (score >= 70 ? 'fast_track' : score >= 30 ? 'refer' : 'decline');

/**
 * Scores a submission from 100 down: appetite for the class, size, limit against revenue,
 * state, completeness and loss history. Every deduction names its reason.
 */
export const triage = (input: TriageInput, guide: AppetiteGuide, asOf: CalendarDate): Triage => {
  const reasons: string[] = [];
  let score = 100;
  const deduct = (points: number, reason: string) => {
    score -= points;
    reasons.push(`${reason} (-${points})`);
  };

  const sector = input.naicsCode ? naicsSector(input.naicsCode) : null;
  if (sector) {
    const appetite = guide.sectors[sector] ?? 'neutral';
    if (APPETITE_POINTS[appetite] < 0) deduct(-APPETITE_POINTS[appetite], `NAICS sector ${sector} is ${appetite} appetite`);
    else reasons.push(`NAICS sector ${sector} is preferred appetite`);
  }

  const revenue = input.annualRevenue;
  if (revenue !== undefined) {
    if (revenue < 100_000 * DOLLARS) deduct(10, 'Annual revenue under $100,000');
    else if (revenue > 250_000_000 * DOLLARS) deduct(25, 'Annual revenue over $250,000,000');
    else if (revenue > 50_000_000 * DOLLARS) deduct(10, 'Annual revenue over $50,000,000');
  }

  if (revenue !== undefined && input.requestedLimit !== undefined && revenue > 0) {
    const ratio = input.requestedLimit / revenue;
    if (ratio > 5) deduct(20, 'Requested limit exceeds five times annual revenue');
    else if (ratio > 2) deduct(10, 'Requested limit exceeds twice annual revenue');
  }

  if (input.state && guide.elevatedStates.includes(input.state)) deduct(10, `State ${input.state} carries elevated exposure`);

  for (const field of missingRiskFields(input)) deduct(15, `Missing ${field}`);
  if (!input.contactEmail) deduct(5, 'No contact e-mail');
  if (!input.description) deduct(5, 'No description of operations');

  const recent = input.priorLosses.filter((loss) => daysBetween(loss.date, asOf) <= 5 * 365);
  if (recent.length > 0) deduct(Math.min(30, recent.length * 8), `${recent.length} loss(es) in the last five years`);
  const incurred = recent.reduce((sum, loss) => sum + loss.amount, 0);
  if (incurred > 100_000 * DOLLARS) deduct(10, 'Losses over $100,000 in the last five years');

  const bounded = Math.max(0, Math.min(100, score));
  return { score: bounded, band: bandOf(bounded), reasons };
};
