import type { Analytics } from '../ports/analytics/analytics.use-case.ts';
import type { PortfolioDaysRepository } from '../ports/analytics/portfolio-days.repository.ts';
import type { KeptPremium } from '../ports/policy/kept-premium.port.ts';
import { token } from './wiring.ts';

/** The organization's figures. Each key is typed by the port bound to it in `analytics.module.ts`. */
export const ANALYTICS = {
  Analytics: token<Analytics>('Analytics'),
  PortfolioDays: token<PortfolioDaysRepository & KeptPremium>('PortfolioDays'),
} as const;
