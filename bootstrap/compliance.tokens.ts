import type { ComplianceWatch } from '../ports/compliance/compliance-watch.ts';
import type { DailyNotices } from '../ports/compliance/daily-notices.port.ts';
import type { DaUtilizationWatch } from '../ports/compliance/da-utilization-watch.ts';
import { token } from './wiring.ts';

/** Deadline and delegated-authority notices, once per item and day. Each key is typed by the port bound to it in `compliance.module.ts`. */
export const COMPLIANCE = {
  DailyNotices: token<DailyNotices>('DailyNotices'),
  ComplianceWatch: token<ComplianceWatch>('ComplianceWatch'),
  DaUtilizationWatch: token<DaUtilizationWatch>('DaUtilizationWatch'),
} as const;
