import type { PortfolioMonth } from '../../core/analytics/portfolio-days.ts';
import type { Claim } from '../../core/claims/claim.ts';
import type { Policy } from '../../core/policy/policy.ts';

/** A month of an organization's kept portfolio figures (YYYY-MM). */
export interface KeptPortfolioMonth {
  readonly month: string;
  readonly figures: PortfolioMonth;
}

/** The portfolio's figures kept per organization and day, written with the policies and claims that move them. */
export interface PortfolioDaysRepository {
  /** The organization's kept months up to `month` (YYYY-MM) included, oldest first: a row per month of the book. */
  monthsThrough(orgId: string, month: string): Promise<KeptPortfolioMonth[]>;
}

/** The records the kept days are counted from: every policy and claim of every organization. */
export interface PortfolioSources {
  policies(): AsyncIterable<Policy>;
  claims(): AsyncIterable<Claim>;
}
