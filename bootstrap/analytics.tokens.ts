import type { Analytics } from '../ports/analytics/analytics.use-case.ts';
import { token } from './wiring.ts';

/** The organization's figures. Each key is typed by the port bound to it in `analytics.module.ts`. */
export const ANALYTICS = {
  Analytics: token<Analytics>('Analytics'),
} as const;
