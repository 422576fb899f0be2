import type { ProgramRepository, Programs } from '../ports/underwriting/programs.use-case.ts';
import type { Quoting } from '../ports/underwriting/quoting.use-case.ts';
import type { ReferralApprovals } from '../ports/underwriting/referral-approvals.port.ts';
import type { UnderwritingReferenceData } from '../ports/underwriting/reference-data.port.ts';
import type { Submissions } from '../ports/underwriting/submissions.use-case.ts';
import type { TaxScheduleLookup } from '../ports/underwriting/tax-schedules.use-case.ts';
import type { QuoteRepository, SubmissionRepository, WrittenPremiumCounter } from '../ports/underwriting/underwriting.repositories.ts';
import { token } from './wiring.ts';

/** Reference data (and the surplus lines schedules read from it), programs, submissions, quotes and the written-premium counter of delegated authority. Each key is typed by the port bound to it in `underwriting.module.ts`. */
export const UNDERWRITING = {
  ReferenceData: token<UnderwritingReferenceData>('UnderwritingReferenceData'),
  /** Approved referrals, contributed by the context that keeps them (`wire.contribute`). */
  ReferralApprovals: token<ReferralApprovals>('ReferralApprovals'),
  /** Every contributed approval, read as one (`anyApproval`): what quoting and binding ask. */
  Approvals: token<ReferralApprovals>('Approvals'),
  ProgramRepository: token<ProgramRepository>('ProgramRepository'),
  Programs: token<Programs>('Programs'),
  SubmissionRepository: token<SubmissionRepository>('SubmissionRepository'),
  QuoteRepository: token<QuoteRepository>('QuoteRepository'),
  WrittenPremiumCounter: token<WrittenPremiumCounter>('WrittenPremiumCounter'),
  Submissions: token<Submissions>('Submissions'),
  Quoting: token<Quoting>('Quoting'),
  TaxScheduleLookup: token<TaxScheduleLookup>('TaxScheduleLookup'),
} as const;
