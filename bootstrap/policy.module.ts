import type { Logger } from 'pino';
import { loadNoticePeriods } from '../adapters/reference-data/cancellation-notice-periods.ts';
import { loadFormsLibrary } from '../adapters/reference-data/forms-library.ts';
import { formRoutes } from '../adapters/http/policy/forms.routes.ts';
import { policyDocumentRoutes } from '../adapters/http/policy/policy-documents.routes.ts';
import { Forms } from '../ports/policy/forms.use-case.ts';
import { PolicyDocuments } from '../ports/policy/policy-documents.use-case.ts';
import { PolicyDocumentStoreRepository } from '../adapters/persistence/policy/policy-document.store-repository.ts';
import { policyDocumentsJob } from '../jobs/policy/policy-documents.job.ts';
import { ScheduledDrawing } from '../adapters/documents/scheduled-drawing.ts';
import { PolicyDelinquency } from '../ports/policy/policy-delinquency.use-case.ts';
import { PolicyExpiry } from '../ports/policy/policy-expiry.use-case.ts';
import { RenewalOffers } from '../ports/policy/renewal-offers.use-case.ts';
import { dailyWork } from '../ports/shared/daily-work.port.ts';
import { certificateRoutes } from '../adapters/http/policy/certificates.routes.ts';
import { bindingRoutes } from '../adapters/http/policy/binding.routes.ts';
import { policyRoutes } from '../adapters/http/policy/policies.routes.ts';
import { PolicyTransactionStoreRepository } from '../adapters/persistence/policy/policy-transaction.store-repository.ts';
import { PolicyStoreRepository } from '../adapters/persistence/policy/policy.store-repository.ts';
import { Certificates } from '../ports/policy/certificates.use-case.ts';
import { BilledPolicies } from '../ports/policy/billed-policies.use-case.ts';
import { allReportedLosses } from '../ports/policy/reported-losses.port.ts';
import { theKeptPremium } from '../ports/policy/kept-premium.port.ts';
import { allKeptFigures } from '../ports/shared/persistence/kept-figures.port.ts';
import { Binding } from '../ports/policy/binding.use-case.ts';
import { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-case.ts';
import { PolicyPremium } from '../ports/policy/policy-premium.use-case.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import { AUDIT } from './audit.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/** What issuing a policy needs, for binding (new business) and the lifecycle (renewals) alike. */
const ISSUANCE = {
  policies: POLICY.PolicyRepository,
  transactions: POLICY.PolicyTransactionRepository,
  invoices: BILLING.InvoiceRepository,
  sequences: PLATFORM.Sequences,
  ids: PLATFORM.Ids,
  clock: PLATFORM.Clock,
  relationships: AUTHORIZATION.RecordRelationships,
  writtenPremium: UNDERWRITING.WrittenPremiumCounter,
  reference: UNDERWRITING.ReferenceData,
  programs: UNDERWRITING.Programs,
  quotes: UNDERWRITING.QuoteRepository,
  periods: BILLING.AccountingPeriods,
  books: BILLING.PremiumBooks,
  atomic: PLATFORM.AtomicWrite,
  forms: POLICY.Forms,
  policyDocuments: POLICY.PolicyDocuments,
  producers: PRODUCERS.ProducerRepository,
} as const;

/** Policies: binding a quote, then endorse, cancel, reinstate and renew, with the timeline, the premium position and certificates of insurance. */
export const policyModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'policy',
  bindings: bindings((wire) => {
    wire.factory(POLICY.PolicyRepository, { store: PLATFORM.Store, figures: allOf(POLICY.KeptFigures) }, ({ store, figures }) =>
      PolicyStoreRepository.create(store, allKeptFigures(figures)),
    );
    wire.factory(POLICY.Forms, { clock: PLATFORM.Clock }, ({ clock }) => new Forms({ library: loadFormsLibrary(), clock }));
    wire.factory(POLICY.PolicyDocumentRepository, { store: PLATFORM.Store }, ({ store }) => PolicyDocumentStoreRepository.create(store));
    wire.factory(
      POLICY.PolicyDocuments,
      {
        documents: POLICY.PolicyDocumentRepository,
        policies: POLICY.PolicyRepository,
        forms: POLICY.Forms,
        drawing: DOCUMENTS.PdfWorkers,
        library: DOCUMENTS.DocumentLibrary,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      (deps) => new PolicyDocuments({ ...deps, log: (message, fields) => logger.warn(fields, message) }),
    );
    wire.contribute(PLATFORM.ScheduledJob, { documents: POLICY.PolicyDocuments }, ({ documents }) => policyDocumentsJob(documents));
    wire.factory(POLICY.PolicyTransactionRepository, { store: PLATFORM.Store }, ({ store }) => PolicyTransactionStoreRepository.create(store));
    // Billing reads policies through its own port; the policy context contributes the lookup.
    wire.contribute(BILLING.PolicyLookups, { policies: POLICY.PolicyRepository }, ({ policies }) => new BilledPolicies(policies));
    wire.factory(POLICY.ReportedLosses, { sources: allOf(POLICY.ReportedLossSources) }, ({ sources }) => allReportedLosses(sources));
    wire.contribute(TENANCY.PolicyHoldings, { policies: POLICY.PolicyRepository }, ({ policies }) => ({
      hasPolicies: async (orgId: string) => (await policies.list(orgId, {}, { limit: 1 })).data.length > 0,
    }));
    wire.factory(
      POLICY.Binding,
      { ...ISSUANCE, submissions: UNDERWRITING.SubmissionRepository, approvals: UNDERWRITING.Approvals },
      (deps) => new Binding(deps),
    );
    wire.factory(
      POLICY.PolicyLifecycle,
      { ...ISSUANCE, credits: BILLING.CreditSettlement, losses: POLICY.ReportedLosses, audit: AUDIT.AuditTrail },
      (deps) => new PolicyLifecycle(deps),
    );
    wire.factory(
      POLICY.PolicyDelinquency,
      {
        ...ISSUANCE,
        credits: BILLING.CreditSettlement,
        losses: POLICY.ReportedLosses,
        audit: AUDIT.AuditTrail,
        drawing: DOCUMENTS.PdfWorkers,
        library: DOCUMENTS.DocumentLibrary,
        mailer: PLATFORM.Mailer,
        organizations: TENANCY.OrganizationRepository,
        producers: PRODUCERS.ProducerRepository,
      },
      ({ drawing, ...deps }) =>
        new PolicyDelinquency({
          ...deps,
          drawing: new ScheduledDrawing(drawing),
          noticePeriods: loadNoticePeriods(),
          log: (message, fields) => logger.warn(fields, message),
        }),
    );
    wire.factory(POLICY.PolicyExpiry, { policies: POLICY.PolicyRepository, ids: PLATFORM.Ids, clock: PLATFORM.Clock }, (deps) => new PolicyExpiry(deps));
    const delinquency = { delinquency: POLICY.PolicyDelinquency } as const;
    wire.contribute(PLATFORM.DailyWork, delinquency, ({ delinquency }) => dailyWork('invoices-past-due', (orgId, now) => delinquency.markPastDue(orgId, now)));
    wire.contribute(PLATFORM.DailyWork, delinquency, ({ delinquency }) => dailyWork('notice-rescissions', (orgId, now) => delinquency.rescindPaid(orgId, now)));
    wire.contribute(PLATFORM.DailyWork, delinquency, ({ delinquency }) =>
      dailyWork('cancellation-notices', (orgId, now) => delinquency.sendNotices(orgId, now)),
    );
    wire.contribute(PLATFORM.DailyWork, delinquency, ({ delinquency }) =>
      dailyWork('non-payment-cancellations', (orgId, now) => delinquency.cancelUnpaid(orgId, now)),
    );
    wire.factory(
      POLICY.RenewalOffers,
      { ...ISSUANCE, credits: BILLING.CreditSettlement, losses: POLICY.ReportedLosses, audit: AUDIT.AuditTrail },
      (deps) => new RenewalOffers(deps),
    );
    wire.contribute(PLATFORM.DailyWork, { offers: POLICY.RenewalOffers }, ({ offers }) =>
      dailyWork('renewal-offers', (orgId, now) => offers.offerDue(orgId, now)),
    );
    wire.contribute(PLATFORM.DailyWork, { expiry: POLICY.PolicyExpiry }, ({ expiry }) => dailyWork('expiries', (orgId, now) => expiry.expireEnded(orgId, now)));
    wire.factory(
      POLICY.PolicyPremium,
      {
        policies: POLICY.PolicyRepository,
        invoices: BILLING.InvoiceRepository,
        payments: BILLING.PaymentRepository,
        keptPremium: allOf(POLICY.KeptPremiumSources),
        clock: PLATFORM.Clock,
      },
      ({ keptPremium, ...deps }) => new PolicyPremium({ ...deps, keptPremium: theKeptPremium(keptPremium) }),
    );
    wire.factory(
      POLICY.Certificates,
      {
        library: DOCUMENTS.DocumentLibrary,
        audit: AUDIT.AuditTrail,
        policies: POLICY.PolicyRepository,
        organizations: TENANCY.OrganizationRepository,
        producers: PRODUCERS.ProducerRepository,
        programs: UNDERWRITING.Programs,
        sequences: PLATFORM.Sequences,
        drawing: DOCUMENTS.PdfWorkers,
        clock: PLATFORM.Clock,
        policyDocuments: POLICY.PolicyDocuments,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new Certificates(deps),
    );
  }),
  routes: async (resolve) => [
    ...bindingRoutes(await resolve(POLICY.Binding)),
    ...policyRoutes(await resolve(POLICY.PolicyLifecycle), await resolve(POLICY.PolicyPremium), await resolve(AUTHORIZATION.RecordAccess)),
    ...certificateRoutes(await resolve(POLICY.Certificates), await resolve(AUTHORIZATION.RecordAccess), config.publicBaseUrl),
    ...formRoutes(await resolve(POLICY.Forms)),
    ...policyDocumentRoutes(await resolve(POLICY.PolicyDocuments)),
  ],
});
