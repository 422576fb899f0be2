import type { CalendarDate } from '../../core/shared/calendar-date.ts';

/** A loss reported on a policy: what a back-dated cancellation would leave outside cover. */
export interface ReportedLoss {
  readonly claimId: string;
  readonly claimNumber: string;
  readonly lossDate: CalendarDate;
}

/** The losses reported on a policy, as the claims context knows them. */
export interface ReportedLosses {
  /** Claims of the policy not denied whose loss date is on or after `from`, oldest loss first. */
  onOrAfter(orgId: string, policyId: string, from: CalendarDate): Promise<readonly ReportedLoss[]>;
}

/** The losses every contributing context reports (`wire.contribute`), as one list, oldest loss first. */
export const allReportedLosses = (contributed: readonly ReportedLosses[]): ReportedLosses => ({
  async onOrAfter(orgId, policyId, from) {
    const lists = await Promise.all(contributed.map((losses) => losses.onOrAfter(orgId, policyId, from)));
    return lists.flat().sort((a, b) => a.lossDate.localeCompare(b.lossDate));
  },
});
