import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { FileDocumentStorage } from '../adapters/documents/file-document-storage.ts';
import { HmacDownloadLinks } from '../adapters/security/hmac-download-links.ts';
import { OutboxFileMailer } from '../adapters/notifications/outbox-file-mailer.ts';
import { UnconfiguredMailer } from '../adapters/notifications/unconfigured-mailer.ts';
import { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import type { UserRepository } from '../ports/identity/user.repository.ts';
import type { Mailer } from '../ports/notifications/mailer.port.ts';
import { LocalESignatureProvider } from '../adapters/esign/local-esignature-provider.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import { StripePaymentGateway } from '../adapters/payments/stripe-payment-gateway.ts';
import { CommissionStoreRepository, LedgerStoreRepository } from '../adapters/persistence/billing/commission.store-repositories.ts';
import { StoreFinancialAlertQueue, StoreFinancialIncidentLog } from '../adapters/persistence/billing/financial-alerts.store.ts';
import { StoreManualReviewQueue } from '../adapters/persistence/billing/manual-review.store.ts';
import { PaymentAttemptStoreRepository } from '../adapters/persistence/billing/payment-attempt.store-repository.ts';
import { DocumentStoreRepository } from '../adapters/persistence/documents/document.store-repository.ts';
import { StoreDocumentStorage } from '../adapters/persistence/documents/store-document-storage.ts';
import { EnvelopeStoreRepository } from '../adapters/persistence/esign/envelope.store-repository.ts';
import { CardPayments } from '../ports/billing/card-payments.use-cases.ts';
import type { CommissionRepository, LedgerRepository } from '../ports/billing/commission.repositories.ts';
import type { FinancialAlertQueue, FinancialIncidentLog, ManualReviewQueue } from '../ports/billing/financial-alerts.port.ts';
import { FinancialSteps } from '../ports/billing/financial-steps.ts';
import type { InvoiceRepository, PaymentRepository } from '../ports/billing/invoice.repository.ts';
import type { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-cases.ts';
import type { PaymentAttemptRepository } from '../ports/billing/payment-attempt.repository.ts';
import type { PaymentGateway } from '../ports/billing/payment-gateway.port.ts';
import { PremiumCollection } from '../ports/billing/premium-collection.use-case.ts';
import { DocumentLibrary } from '../ports/documents/document-library.use-cases.ts';
import type { DocumentRepository } from '../ports/documents/document.repository.ts';
import type { DocumentStorage } from '../ports/documents/document-storage.port.ts';
import { Envelopes } from '../ports/esign/envelopes.use-cases.ts';
import type { EnvelopeRepository, ESignatureProvider } from '../ports/esign/esign.ports.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import type { PolicyRepository } from '../ports/policy/policy.repositories.ts';
import type { AuditTrail } from '../ports/shared/audit-trail.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import { TOKENS } from '../ports/tokens.ts';
import type { UnderwritingReferenceData } from '../ports/underwriting/reference-data.port.ts';
import type { AppConfig } from './config.ts';

/** Card payments, commissions, the ledger, stored documents and e-signature envelopes. */
export const billingModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind<PaymentGateway>(TOKENS.PaymentGateway).toResolvedValue(
      (store: DocumentStore) => (config.secrets.stripeSecretKey ? new StripePaymentGateway(config.secrets.stripeSecretKey, config.stripeApiBase) : new LocalPaymentGateway(store)),
      [TOKENS.Store],
    );
    bind<PaymentAttemptRepository>(TOKENS.PaymentAttemptRepository).toResolvedValue(PaymentAttemptStoreRepository.create, [TOKENS.Store]);
    bind<CommissionRepository>(TOKENS.CommissionRepository).toResolvedValue(CommissionStoreRepository.create, [TOKENS.Store]);
    bind<LedgerRepository>(TOKENS.LedgerRepository).toResolvedValue(LedgerStoreRepository.create, [TOKENS.Store]);
    bind<FinancialAlertQueue>(TOKENS.FinancialAlerts).toResolvedValue(StoreFinancialAlertQueue.create, [TOKENS.Store]);
    bind<FinancialIncidentLog>(TOKENS.FinancialIncidents).toResolvedValue((store: DocumentStore) => StoreFinancialIncidentLog.create(store, logger), [TOKENS.Store]);
    bind<ManualReviewQueue>(TOKENS.ManualReviews).toResolvedValue((store: DocumentStore) => new StoreManualReviewQueue(store), [TOKENS.Store]);
    bind<FinancialSteps>(TOKENS.FinancialSteps).toResolvedValue(
      (incidents: FinancialIncidentLog, ids: IdGenerator, clock: Clock) => new FinancialSteps(incidents, ids, clock),
      [TOKENS.FinancialIncidents, TOKENS.Ids, TOKENS.Clock],
    );

    // One process owns an embedded data directory, so its files are the document storage; processes
    // sharing MongoDB share the documents through it.
    bind<DocumentStorage>(TOKENS.DocumentStorage).toResolvedValue(
      (store: DocumentStore) => (store.engine === 'mongodb' ? new StoreDocumentStorage(store) : new FileDocumentStorage(join(config.dataDir, 'files'))),
      [TOKENS.Store],
    );
    bind<DocumentRepository>(TOKENS.DocumentRepository).toResolvedValue(DocumentStoreRepository.create, [TOKENS.Store]);
    bind<DocumentLibrary>(TOKENS.DocumentLibrary).toResolvedValue(
      (storage: DocumentStorage, documents: DocumentRepository, ids: IdGenerator, clock: Clock) =>
        new DocumentLibrary({ storage, documents, links: new HmacDownloadLinks(config.secrets.jwtSecret), ids, clock }),
      [TOKENS.DocumentStorage, TOKENS.DocumentRepository, TOKENS.Ids, TOKENS.Clock],
    );

    bind<PremiumCollection>(TOKENS.PremiumCollection).toResolvedValue(
      (
        invoices: InvoiceRepository,
        payments: PaymentRepository,
        policies: PolicyRepository,
        commissions: CommissionRepository,
        ledger: LedgerRepository,
        reference: UnderwritingReferenceData,
        documents: DocumentLibrary,
        steps: FinancialSteps,
        ids: IdGenerator,
        clock: Clock,
      ) => new PremiumCollection({ invoices, payments, policies, commissions, ledger, reference, documents, steps, ids, clock }),
      [
        TOKENS.InvoiceRepository,
        TOKENS.PaymentRepository,
        TOKENS.PolicyRepository,
        TOKENS.CommissionRepository,
        TOKENS.LedgerRepository,
        TOKENS.ReferenceData,
        TOKENS.DocumentLibrary,
        TOKENS.FinancialSteps,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
    );
    bind<CardPayments>(TOKENS.CardPayments).toResolvedValue(
      (
        gateway: PaymentGateway,
        invoices: InvoiceRepository,
        payments: PaymentRepository,
        attempts: PaymentAttemptRepository,
        settlement: InvoiceSettlement,
        collection: PremiumCollection,
        alerts: FinancialAlertQueue,
        reviews: ManualReviewQueue,
        steps: FinancialSteps,
        ids: IdGenerator,
        clock: Clock,
        audit: AuditTrail,
      ) => new CardPayments({ gateway, invoices, payments, attempts, settlement, collection, alerts, reviews, steps, ids, clock, audit }),
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
    );

    // CONTRACT: local and sandbox write mail as files in DATA_DIR/outbox; production needs a provider.
    bind<Mailer>(TOKENS.Mailer).toConstantValue(config.environment === 'production' ? new UnconfiguredMailer() : new OutboxFileMailer(join(config.dataDir, 'outbox')));
    bind<FinancialAlertDispatch>(TOKENS.FinancialAlertDispatch).toResolvedValue(
      (alerts: FinancialAlertQueue, users: UserRepository, mailer: Mailer, clock: Clock) => new FinancialAlertDispatch(alerts, users, mailer, clock),
      [TOKENS.FinancialAlerts, TOKENS.UserRepository, TOKENS.Mailer, TOKENS.Clock],
    );

    bind<ESignatureProvider>(TOKENS.ESignatureProvider).toConstantValue(new LocalESignatureProvider());
    bind<EnvelopeRepository>(TOKENS.EnvelopeRepository).toResolvedValue(EnvelopeStoreRepository.create, [TOKENS.Store]);
    bind<Envelopes>(TOKENS.Envelopes).toResolvedValue(
      (provider: ESignatureProvider, envelopes: EnvelopeRepository, documents: DocumentLibrary, ids: IdGenerator, clock: Clock, audit: AuditTrail) =>
        new Envelopes({ provider, envelopes, documents, ids, clock, audit }),
      [TOKENS.ESignatureProvider, TOKENS.EnvelopeRepository, TOKENS.DocumentLibrary, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
    );
  });
