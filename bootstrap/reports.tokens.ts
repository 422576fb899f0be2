import type { Bordereaux } from '../ports/reports/bordereaux.use-case.ts';
import type { ClosedMonthRepository } from '../ports/reports/closed-months.repository.ts';
import type { PeriodClosing } from '../ports/reports/period-closing.use-case.ts';
import type { SurplusLinesTaxes } from '../ports/reports/surplus-lines-taxes.use-case.ts';
import { token } from './wiring.ts';

/** Bordereaux, closed months, month-end close and the surplus lines tax report. Each key is typed by the port bound to it in `reports.module.ts`. */
export const REPORTS = {
  Bordereaux: token<Bordereaux>('Bordereaux'),
  ClosedMonths: token<ClosedMonthRepository>('ClosedMonthRepository'),
  PeriodClosing: token<PeriodClosing>('PeriodClosing'),
  SurplusLinesTaxes: token<SurplusLinesTaxes>('SurplusLinesTaxes'),
} as const;
