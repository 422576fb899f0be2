import { compareDates, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { ReportedLoss, ReportedLosses } from '../policy/reported-losses.port.ts';
import { everyRecord } from '../shared/persistence/page.ts';
import type { ClaimRepository } from './claim.repository.ts';

/** Policy's question about reported losses, answered from the claims. A denied claim is outside cover already. */
export class ClaimedLosses implements ReportedLosses {
  private readonly claims: ClaimRepository;

  constructor(claims: ClaimRepository) {
    this.claims = claims;
  }

  async onOrAfter(orgId: string, policyId: string, from: CalendarDate): Promise<readonly ReportedLoss[]> {
    const claims = await everyRecord((page) => this.claims.list(orgId, { policyId }, page));
    return claims
      .filter((claim) => claim.denialReason === null && compareDates(claim.lossDate, from) >= 0)
      .sort((a, b) => compareDates(a.lossDate, b.lossDate))
      .map((claim) => ({ claimId: claim.id, claimNumber: claim.claimNumber, lossDate: claim.lossDate }));
  }
}
