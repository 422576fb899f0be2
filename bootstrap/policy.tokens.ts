import type { Binding } from '../ports/policy/binding.use-case.ts';
import type { Certificates } from '../ports/policy/certificates.use-case.ts';
import type { Forms } from '../ports/policy/forms.use-case.ts';
import type { PolicyDocuments } from '../ports/policy/policy-documents.use-case.ts';
import type { PolicyDocumentRepository } from '../ports/policy/policy-document.repository.ts';
import type { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-case.ts';
import type { PolicyPremium } from '../ports/policy/policy-premium.use-case.ts';
import type { PolicyDelinquency } from '../ports/policy/policy-delinquency.use-case.ts';
import type { PolicyExpiry } from '../ports/policy/policy-expiry.use-case.ts';
import type { RenewalOffers } from '../ports/policy/renewal-offers.use-case.ts';
import type { PolicyRepository, PolicyTransactionRepository } from '../ports/policy/policy.repositories.ts';
import type { ReportedLosses } from '../ports/policy/reported-losses.port.ts';
import type { KeptPremium } from '../ports/policy/kept-premium.port.ts';
import type { KeptFigures } from '../ports/shared/persistence/kept-figures.port.ts';
import type { Policy } from '../core/policy/policy.ts';
import { token } from './wiring.ts';

/** Policies: binding, the lifecycle, non-payment and expiry, the premium position and certificates of insurance. Each key is typed by the port bound to it in `policy.module.ts`. */
export const POLICY = {
  PolicyRepository: token<PolicyRepository>('PolicyRepository'),
  PolicyTransactionRepository: token<PolicyTransactionRepository>('PolicyTransactionRepository'),
  Binding: token<Binding>('Binding'),
  PolicyLifecycle: token<PolicyLifecycle>('PolicyLifecycle'),
  PolicyPremium: token<PolicyPremium>('PolicyPremium'),
  Certificates: token<Certificates>('Certificates'),
  /** The forms library (fixtures/forms): what is in force, and each term's schedule of forms. */
  Forms: token<Forms>('Forms'),
  PolicyDocumentRepository: token<PolicyDocumentRepository>('PolicyDocumentRepository'),
  /** Each transaction's document, recorded pending and drawn once by the job. */
  PolicyDocuments: token<PolicyDocuments>('PolicyDocuments'),
  /** Past due, notices of cancellation, rescissions and non-payment cancellations, day by day. */
  PolicyDelinquency: token<PolicyDelinquency>('PolicyDelinquency'),
  PolicyExpiry: token<PolicyExpiry>('PolicyExpiry'),
  RenewalOffers: token<RenewalOffers>('RenewalOffers'),
  /** The losses reported on policies, contributed by the context that keeps claims (`wire.contribute`). */
  ReportedLossSources: token<ReportedLosses>('ReportedLossSources'),
  /** Every contributed source read as one (`allReportedLosses`): what cancellations ask. */
  ReportedLosses: token<ReportedLosses>('ReportedLosses'),
  /** Figures kept from policies (the portfolio's days), contributed by the context that keeps them; the policy store writes them with each policy. */
  KeptFigures: token<KeptFigures<Policy>>('PolicyKeptFigures'),
  /** The premium by line kept with the policies, contributed by the context that keeps it; the premium report reads it. */
  KeptPremiumSources: token<KeptPremium>('KeptPremiumSources'),
} as const;
