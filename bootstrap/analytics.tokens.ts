import type { Analytics } from '../ports/analytics/analytics.use-case.ts';
import type { PortfolioDaysRepository } from '../ports/analytics/portfolio-days.repository.ts';
import type { KeptPremium } from '../ports/policy/kept-premium.port.ts';
import type { KeptFigures } from '../ports/shared/persistence/kept-figures.port.ts';
import type { Claim } from '../core/claims/claim.ts';
import type { Policy } from '../core/policy/policy.ts';
import { token } from './wiring.ts';

/** The organization's figures. Each key is typed by the port bound to it in `analytics.module.ts`. */
export const ANALYTICS = {
  Analytics: token<Analytics>('Analytics'),
  PortfolioDays: token<PortfolioDaysRepository & KeptPremium>('PortfolioDays'),
  /** The premium report's figures, kept with the portfolio's days. */
  KeptPremium: token<KeptPremium>('KeptPremium'),
  /** What the policy and claim stores write with each record: the portfolio's figures by day. */
  PolicyFigures: token<KeptFigures<Policy>>('PolicyFigures'),
  ClaimFigures: token<KeptFigures<Claim>>('ClaimFigures'),
} as const;
