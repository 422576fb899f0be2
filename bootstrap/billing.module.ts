import type { Logger } from 'pino';
import { accountRoutes } from '../adapters/http/billing/account.routes.ts';
import { creditRoutes } from '../adapters/http/billing/credit.routes.ts';
import { financeRoutes } from '../adapters/http/billing/finance.routes.ts';
import { invoiceRoutes } from '../adapters/http/billing/invoices.routes.ts';
import { stripeEndpoint } from '../adapters/inbound/stripe/stripe.endpoint.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import { CommissionStoreRepository, LedgerStoreRepository } from '../adapters/persistence/billing/commission.store-repositories.ts';
import { StoreFinancialAlertQueue, StoreFinancialIncidentLog } from '../adapters/persistence/billing/financial-alerts.store.ts';
import { InvoiceStoreRepository } from '../adapters/persistence/billing/invoice.store-repository.ts';
import { PaymentStoreRepository } from '../adapters/persistence/billing/payment.store-repository.ts';
import { ReceivableDaysStore } from '../adapters/persistence/billing/receivable-days.store.ts';
import { receivableSources } from './receivable-sources.ts';
import { StoreManualReviewQueue } from '../adapters/persistence/billing/manual-review.store.ts';
import { PaymentAttemptStoreRepository } from '../adapters/persistence/billing/payment-attempt.store-repository.ts';
import { financialAlertsJob } from '../jobs/billing/financial-alerts.job.ts';
import { CardPayments } from '../ports/billing/card-payments.use-case.ts';
import { PaymentRefunds } from '../ports/billing/payment-refunds.use-case.ts';
import { CreditSettlement } from '../ports/billing/credit-settlement.use-case.ts';
import { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import { FinancialSteps } from '../ports/billing/financial-steps.ts';
import { InvoiceParts } from '../ports/billing/invoice-parts.ts';
import { InvoicePayments } from '../ports/billing/invoice-payments.use-case.ts';
import { Invoices } from '../ports/billing/invoices.use-case.ts';
import { AccountingPeriods } from '../ports/billing/accounting-periods.use-case.ts';
import { StorePeriodBooks } from '../adapters/persistence/billing/period-book.store.ts';
import { InvoiceWriteOffs } from '../ports/billing/invoice-write-offs.use-case.ts';
import { ProducerCommissions } from '../ports/billing/producer-commissions.use-case.ts';
import { JournalStoreRepository, ProducerPayoutStoreRepository } from '../adapters/persistence/billing/producer-payouts.store.ts';
import { producerStatementRoutes } from '../adapters/http/billing/producer-statements.routes.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { anyPolicyLookup, PremiumBooks } from '../ports/billing/premium-books.use-case.ts';
import { CommissionChanges } from '../ports/billing/commission-changes.use-case.ts';
import { PolicyAccounts } from '../ports/billing/policy-accounts.use-case.ts';
import { dailyWork } from '../ports/shared/daily-work.port.ts';
import { PaymentBookkeeping } from '../ports/billing/payment-bookkeeping.use-case.ts';
import { ProcessorPaymentEvents } from '../ports/billing/processor-payment-events.handler.ts';
import { ProcessorRefunds } from '../ports/billing/processor-refunds.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { BILLING } from './billing.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { INBOUND } from './inbound.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/** Invoices, payments (manual, by card and the processor's events), refunds and credits, commissions, the ledger and financial alerts. */
export const billingModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'billing',
  bindings: bindings((wire) => {
    const store = { store: PLATFORM.Store };
    const figures = ReceivableDaysStore.figures;
    wire.factory(BILLING.InvoiceRepository, store, ({ store }) => InvoiceStoreRepository.create(store, figures.invoices));
    wire.factory(BILLING.PaymentRepository, store, ({ store }) => PaymentStoreRepository.create(store, figures));
    wire.factory(BILLING.KeptReceivables, store, ({ store }) => ReceivableDaysStore.open(store, receivableSources(store)));
    wire.factory(BILLING.PaymentAttemptRepository, store, ({ store }) => PaymentAttemptStoreRepository.create(store));
    wire.factory(BILLING.CommissionRepository, store, ({ store }) => CommissionStoreRepository.create(store));
    wire.factory(BILLING.LedgerRepository, store, ({ store }) => LedgerStoreRepository.create(store));
    wire.factory(BILLING.PeriodBooks, store, ({ store }) => StorePeriodBooks.create(store));
    wire.factory(
      BILLING.AccountingPeriods,
      { books: BILLING.PeriodBooks, ledger: BILLING.LedgerRepository, journal: BILLING.Journal, clock: PLATFORM.Clock },
      (deps) => new AccountingPeriods(deps),
    );
    wire.factory(BILLING.Journal, store, ({ store }) => JournalStoreRepository.create(store));
    wire.factory(BILLING.ProducerPayouts, store, ({ store }) => ProducerPayoutStoreRepository.create(store));
    wire.factory(BILLING.FinancialAlerts, store, ({ store }) => StoreFinancialAlertQueue.create(store));
    wire.factory(BILLING.FinancialIncidents, store, ({ store }) => StoreFinancialIncidentLog.create(store, logger));
    wire.factory(BILLING.ManualReviews, store, ({ store }) => new StoreManualReviewQueue(store));
    wire.factory(BILLING.Policies, { lookups: allOf(BILLING.PolicyLookups) }, ({ lookups }) => anyPolicyLookup(lookups));
    wire.contribute(AUTHORIZATION.RecordParts, { invoices: BILLING.InvoiceRepository }, ({ invoices }) => new InvoiceParts(invoices));
    wire.factory(
      BILLING.FinancialSteps,
      { incidents: BILLING.FinancialIncidents, ids: PLATFORM.Ids, clock: PLATFORM.Clock },
      ({ incidents, ids, clock }) => new FinancialSteps(incidents, ids, clock),
    );
    // Stripe's library is loaded only when a secret key is configured.
    wire.factory(BILLING.PaymentGateway, store, async ({ store }) =>
      config.secrets.stripeSecretKey
        ? new (await import('../adapters/payments/stripe-payment-gateway.ts')).StripePaymentGateway(config.secrets.stripeSecretKey, config.stripeApiBase)
        : new LocalPaymentGateway(store),
    );
    const money = { invoices: BILLING.InvoiceRepository, payments: BILLING.PaymentRepository } as const;
    const recorded = { ids: PLATFORM.Ids, clock: PLATFORM.Clock, audit: AUDIT.AuditTrail } as const;
    wire.factory(
      BILLING.ProducerCommissions,
      {
        commissions: BILLING.CommissionRepository,
        payouts: BILLING.ProducerPayouts,
        journal: BILLING.Journal,
        producers: PRODUCERS.ProducerRepository,
        periods: BILLING.AccountingPeriods,
        ...recorded,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new ProducerCommissions(deps),
    );
    wire.factory(BILLING.Invoices, money, ({ invoices, payments }) => new Invoices(invoices, payments));
    wire.factory(
      BILLING.InvoicePayments,
      { ...money, ...recorded, bookkeeping: BILLING.PaymentBookkeeping, books: BILLING.PremiumBooks, atomic: PLATFORM.AtomicWrite },
      (deps) => new InvoicePayments(deps),
    );
    wire.factory(
      BILLING.PremiumBooks,
      {
        ...money,
        policies: BILLING.Policies,
        commissions: BILLING.CommissionRepository,
        ledger: BILLING.LedgerRepository,
        reference: UNDERWRITING.ReferenceData,
        steps: BILLING.FinancialSteps,
        relationships: AUTHORIZATION.RecordRelationships,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
        periods: BILLING.AccountingPeriods,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new PremiumBooks(deps),
    );
    wire.factory(
      BILLING.InvoiceWriteOffs,
      {
        invoices: BILLING.InvoiceRepository,
        books: BILLING.PremiumBooks,
        periods: BILLING.AccountingPeriods,
        audit: AUDIT.AuditTrail,
        clock: PLATFORM.Clock,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new InvoiceWriteOffs(deps),
    );
    wire.factory(
      BILLING.PaymentBookkeeping,
      { ...money, policies: BILLING.Policies, documents: DOCUMENTS.DocumentLibrary, steps: BILLING.FinancialSteps },
      (deps) => new PaymentBookkeeping(deps),
    );
    wire.factory(
      BILLING.CardPayments,
      {
        invoices: BILLING.InvoiceRepository,
        ...recorded,
        gateway: BILLING.PaymentGateway,
        attempts: BILLING.PaymentAttemptRepository,
        alerts: BILLING.FinancialAlerts,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new CardPayments(deps),
    );
    wire.factory(
      BILLING.PaymentRefunds,
      {
        ...money,
        ...recorded,
        gateway: BILLING.PaymentGateway,
        invoicePayments: BILLING.InvoicePayments,
        bookkeeping: BILLING.PaymentBookkeeping,
        reviews: BILLING.ManualReviews,
        steps: BILLING.FinancialSteps,
        credits: BILLING.CreditSettlement,
        books: BILLING.PremiumBooks,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new PaymentRefunds(deps),
    );
    wire.factory(
      BILLING.CreditSettlement,
      {
        ...money,
        ...recorded,
        gateway: BILLING.PaymentGateway,
        bookkeeping: BILLING.PaymentBookkeeping,
        reviews: BILLING.ManualReviews,
        books: BILLING.PremiumBooks,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new CreditSettlement(deps),
    );
    wire.factory(
      BILLING.FinancialAlertDispatch,
      { alerts: BILLING.FinancialAlerts, users: IDENTITY.UserRepository, mailer: PLATFORM.Mailer, clock: PLATFORM.Clock },
      ({ alerts, users, mailer, clock }) => new FinancialAlertDispatch(alerts, users, mailer, clock),
    );
    wire.factory(
      BILLING.CommissionChanges,
      { commissions: BILLING.CommissionRepository, ledger: BILLING.LedgerRepository },
      (deps) => new CommissionChanges(deps),
    );
    wire.factory(
      BILLING.PolicyAccounts,
      { ...money, policies: BILLING.Policies, receivables: BILLING.KeptReceivables, clock: PLATFORM.Clock },
      (deps) => new PolicyAccounts(deps),
    );
    // Each day, the marked policies now settled stop costing the receivables a read.
    wire.contribute(PLATFORM.DailyWork, { accounts: BILLING.PolicyAccounts }, ({ accounts }) =>
      dailyWork('receivables-reconciliation', (orgId, now) => accounts.reconcileMarked(orgId, now)),
    );
    wire.factory(
      BILLING.ProcessorPaymentEvents,
      {
        invoicePayments: BILLING.InvoicePayments,
        bookkeeping: BILLING.PaymentBookkeeping,
        cards: BILLING.CardPayments,
        payments: BILLING.PaymentRepository,
        reviews: BILLING.ManualReviews,
        steps: BILLING.FinancialSteps,
        credits: BILLING.CreditSettlement,
      },
      (deps) => new ProcessorPaymentEvents({ ...deps, refunds: new ProcessorRefunds(deps) }),
    );
    wire.contribute(INBOUND.Endpoint, { events: BILLING.ProcessorPaymentEvents }, ({ events }) => stripeEndpoint(config.secrets.stripeWebhookSecret, events));
  }),
  routes: async (resolve) => [
    ...invoiceRoutes(
      await resolve(BILLING.Invoices),
      await resolve(BILLING.InvoicePayments),
      await resolve(BILLING.CardPayments),
      await resolve(BILLING.PaymentRefunds),
      await resolve(BILLING.InvoiceWriteOffs),
      await resolve(AUTHORIZATION.RecordAccess),
      await resolve(INBOUND.LocalPaymentConfirmer),
    ),
    ...creditRoutes(await resolve(BILLING.CreditSettlement)),
    ...producerStatementRoutes(await resolve(BILLING.ProducerCommissions)),
    ...accountRoutes(await resolve(BILLING.PolicyAccounts)),
    ...financeRoutes(
      await resolve(BILLING.CommissionRepository),
      await resolve(BILLING.LedgerRepository),
      await resolve(BILLING.FinancialIncidents),
      await resolve(AUTHORIZATION.RecordAccess),
    ),
  ],
  jobs: async (resolve) => [financialAlertsJob(await resolve(BILLING.FinancialAlertDispatch))],
});
