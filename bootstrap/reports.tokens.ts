import type { Bordereaux } from '../ports/reports/bordereaux.use-case.ts';
import { token } from './wiring.ts';

/** Bordereaux. Each key is typed by the port bound to it in `reports.module.ts`. */
export const REPORTS = {
  Bordereaux: token<Bordereaux>('Bordereaux'),
} as const;
