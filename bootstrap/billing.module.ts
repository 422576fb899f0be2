import type { Logger } from 'pino';
import { creditRoutes } from '../adapters/http/billing/credit.routes.ts';
import { financeRoutes } from '../adapters/http/billing/finance.routes.ts';
import { invoiceRoutes } from '../adapters/http/billing/invoices.routes.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import { StripePaymentGateway } from '../adapters/payments/stripe-payment-gateway.ts';
import { CommissionStoreRepository, LedgerStoreRepository } from '../adapters/persistence/billing/commission.store-repositories.ts';
import { StoreFinancialAlertQueue, StoreFinancialIncidentLog } from '../adapters/persistence/billing/financial-alerts.store.ts';
import { InvoiceStoreRepository, PaymentStoreRepository } from '../adapters/persistence/billing/invoice.store-repository.ts';
import { StoreManualReviewQueue } from '../adapters/persistence/billing/manual-review.store.ts';
import { PaymentAttemptStoreRepository } from '../adapters/persistence/billing/payment-attempt.store-repository.ts';
import { financialAlertsJob } from '../jobs/billing/financial-alerts.job.ts';
import { CardPayments } from '../ports/billing/card-payments.use-case.ts';
import { CreditSettlement } from '../ports/billing/credit-settlement.use-case.ts';
import { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import { FinancialSteps } from '../ports/billing/financial-steps.ts';
import { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-case.ts';
import { Invoices } from '../ports/billing/invoices.use-case.ts';
import { PremiumBooks } from '../ports/billing/premium-books.use-case.ts';
import { PremiumCollection } from '../ports/billing/premium-collection.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Invoices, payments (manual and by card), refunds, commissions, the ledger and financial alerts. */
export const billingModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'billing',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.InvoiceRepository, [TOKENS.Store], InvoiceStoreRepository.create);
    wire.factory(TOKENS.PaymentRepository, [TOKENS.Store], PaymentStoreRepository.create);
    wire.factory(TOKENS.PaymentAttemptRepository, [TOKENS.Store], PaymentAttemptStoreRepository.create);
    wire.factory(TOKENS.CommissionRepository, [TOKENS.Store], CommissionStoreRepository.create);
    wire.factory(TOKENS.LedgerRepository, [TOKENS.Store], LedgerStoreRepository.create);
    wire.factory(TOKENS.FinancialAlerts, [TOKENS.Store], StoreFinancialAlertQueue.create);
    wire.factory(TOKENS.FinancialIncidents, [TOKENS.Store], (store) => StoreFinancialIncidentLog.create(store, logger));
    wire.factory(TOKENS.ManualReviews, [TOKENS.Store], (store) => new StoreManualReviewQueue(store));
    wire.factory(
      TOKENS.FinancialSteps,
      [TOKENS.FinancialIncidents, TOKENS.Ids, TOKENS.Clock],
      (incidents, ids, clock) => new FinancialSteps(incidents, ids, clock),
    );
    wire.factory(TOKENS.PaymentGateway, [TOKENS.Store], (store) =>
      config.secrets.stripeSecretKey ? new StripePaymentGateway(config.secrets.stripeSecretKey, config.stripeApiBase) : new LocalPaymentGateway(store),
    );
    wire.factory(TOKENS.Invoices, [TOKENS.InvoiceRepository, TOKENS.PaymentRepository], (invoices, payments) => new Invoices(invoices, payments));
    wire.factory(
      TOKENS.InvoiceSettlement,
      [TOKENS.InvoiceRepository, TOKENS.PaymentRepository, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail, TOKENS.PremiumCollection],
      (invoices, payments, ids, clock, audit, collection) => new InvoiceSettlement({ invoices, payments, ids, clock, audit, collection }),
    );
    wire.factory(
      TOKENS.PremiumBooks,
      [
        TOKENS.InvoiceRepository,
        TOKENS.PaymentRepository,
        TOKENS.PolicyRepository,
        TOKENS.CommissionRepository,
        TOKENS.LedgerRepository,
        TOKENS.ReferenceData,
        TOKENS.FinancialSteps,
        TOKENS.RecordRelationships,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (invoices, payments, policies, commissions, ledger, reference, steps, relationships, ids, clock) =>
        new PremiumBooks({ invoices, payments, policies, commissions, ledger, reference, steps, relationships, ids, clock }),
    );
    wire.factory(
      TOKENS.PremiumCollection,
      [TOKENS.InvoiceRepository, TOKENS.PaymentRepository, TOKENS.PolicyRepository, TOKENS.PremiumBooks, TOKENS.DocumentLibrary, TOKENS.FinancialSteps],
      (invoices, payments, policies, books, documents, steps) => new PremiumCollection({ invoices, payments, policies, books, documents, steps }),
    );
    wire.factory(
      TOKENS.CardPayments,
      [
        TOKENS.PaymentGateway,
        TOKENS.InvoiceRepository,
        TOKENS.PaymentRepository,
        TOKENS.PaymentAttemptRepository,
        TOKENS.InvoiceSettlement,
        TOKENS.PremiumCollection,
        TOKENS.FinancialAlerts,
        TOKENS.ManualReviews,
        TOKENS.FinancialSteps,
        TOKENS.Ids,
        TOKENS.Clock,
        TOKENS.AuditTrail,
      ],
      (gateway, invoices, payments, attempts, settlement, collection, alerts, reviews, steps, ids, clock, audit) =>
        new CardPayments({ gateway, invoices, payments, attempts, settlement, collection, alerts, reviews, steps, ids, clock, audit }),
    );
    wire.factory(
      TOKENS.CreditSettlement,
      [
        TOKENS.InvoiceRepository,
        TOKENS.PaymentRepository,
        TOKENS.PaymentGateway,
        TOKENS.PremiumCollection,
        TOKENS.ManualReviews,
        TOKENS.AuditTrail,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (invoices, payments, gateway, collection, reviews, audit, ids, clock) =>
        new CreditSettlement({ invoices, payments, gateway, collection, reviews, audit, ids, clock }),
    );
    wire.factory(
      TOKENS.FinancialAlertDispatch,
      [TOKENS.FinancialAlerts, TOKENS.UserRepository, TOKENS.Mailer, TOKENS.Clock],
      (alerts, users, mailer, clock) => new FinancialAlertDispatch(alerts, users, mailer, clock),
    );
  }),
  routes: async (resolve) => [
    ...invoiceRoutes(
      await resolve(TOKENS.Invoices),
      await resolve(TOKENS.InvoiceSettlement),
      await resolve(TOKENS.CardPayments),
      await resolve(TOKENS.RecordAccess),
      await resolve(TOKENS.LocalPaymentConfirmer),
    ),
    ...creditRoutes(await resolve(TOKENS.CreditSettlement)),
    ...financeRoutes(
      await resolve(TOKENS.CommissionRepository),
      await resolve(TOKENS.LedgerRepository),
      await resolve(TOKENS.FinancialIncidents),
      await resolve(TOKENS.RecordAccess),
    ),
  ],
  jobs: async (resolve) => [financialAlertsJob(await resolve(TOKENS.FinancialAlertDispatch))],
});
