import type { CreditSettlement } from '../billing/credit-settlement.use-case.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { QuoteRepository, WrittenPremiumCounter } from '../underwriting/underwriting.repositories.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { IssuanceDeps } from './policy-issuance.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { ReportedLosses } from './reported-losses.port.ts';

/** What the lifecycle of an issued policy (endorse, cancel, reinstate, renew) works with. */
export interface LifecycleDeps extends IssuanceDeps {
  /** The invoices a change of premium re-bills. */
  readonly invoices: InvoiceRepository;
  readonly writtenPremium: WrittenPremiumCounter;
  readonly reference: UnderwritingReferenceData;
  readonly programs: Programs;
  /** Renewal offers are quotes of the next term; renewing takes the offered one. */
  readonly quotes: QuoteRepository;
  /** Applies return premium to what the policy still owes. */
  readonly credits: CreditSettlement;
  /** Losses reported on the policy: a cancellation back-dated over one needs an override. */
  readonly losses: ReportedLosses;
  readonly audit: AuditTrail;
}
