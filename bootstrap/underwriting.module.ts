import { ContainerModule } from 'inversify';
import { InvoiceStoreRepository, PaymentStoreRepository } from '../adapters/persistence/billing/invoice.store-repository.ts';
import { PolicyTransactionStoreRepository } from '../adapters/persistence/policy/policy-transaction.store-repository.ts';
import { PolicyStoreRepository } from '../adapters/persistence/policy/policy.store-repository.ts';
import { StoreAggregateLedger, StoreSequenceGenerator } from '../adapters/persistence/underwriting/aggregate-ledger.store.ts';
import { QuoteStoreRepository } from '../adapters/persistence/underwriting/quote.store-repository.ts';
import { SubmissionStoreRepository } from '../adapters/persistence/underwriting/submission.store-repository.ts';
import { DEFAULT_PDF_POOL, PdfFormReaderPool } from '../adapters/documents/pdf-form-reader.pool.ts';
import { FixtureReferenceData } from '../adapters/reference-data/fixture-reference-data.ts';
import type { InvoiceRepository, PaymentRepository } from '../ports/billing/invoice.repository.ts';
import { Invoices } from '../ports/billing/invoices.use-cases.ts';
import { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-cases.ts';
import type { PremiumCollection } from '../ports/billing/premium-collection.use-case.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-cases.ts';
import type { PolicyRepository, PolicyTransactionRepository } from '../ports/policy/policy.repositories.ts';
import type { AuditTrail } from '../ports/shared/audit-trail.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import type { ProducerRepository } from '../ports/producers/producer.repositories.ts';
import { TOKENS } from '../ports/tokens.ts';
import type { FormReader } from '../ports/documents/form-reader.port.ts';
import type { AppConfig } from './config.ts';
import { Binding } from '../ports/underwriting/binding.use-case.ts';
import { Quoting } from '../ports/underwriting/quoting.use-cases.ts';
import type { UnderwritingReferenceData } from '../ports/underwriting/reference-data.port.ts';
import { Submissions } from '../ports/underwriting/submissions.use-cases.ts';
import type { AggregateLedger, QuoteRepository, SequenceGenerator, SubmissionRepository } from '../ports/underwriting/underwriting.repositories.ts';

/** Submissions, quotes, binding, policies and invoices: their stores and use cases. */
export const underwritingModule = (config: AppConfig) => new ContainerModule(({ bind }) => {
  bind<PdfFormReaderPool>(TOKENS.FormReader).toResolvedValue(() => new PdfFormReaderPool({ ...DEFAULT_PDF_POOL, ...config.pdf }));
  bind<UnderwritingReferenceData>(TOKENS.ReferenceData).toResolvedValue(() => new FixtureReferenceData());
  bind<SubmissionRepository>(TOKENS.SubmissionRepository).toResolvedValue(SubmissionStoreRepository.create, [TOKENS.Store]);
  bind<QuoteRepository>(TOKENS.QuoteRepository).toResolvedValue(QuoteStoreRepository.create, [TOKENS.Store]);
  bind<AggregateLedger>(TOKENS.AggregateLedger).toResolvedValue((store: DocumentStore) => new StoreAggregateLedger(store), [TOKENS.Store]);
  bind<SequenceGenerator>(TOKENS.Sequences).toResolvedValue((store: DocumentStore) => new StoreSequenceGenerator(store), [TOKENS.Store]);
  bind<PolicyRepository>(TOKENS.PolicyRepository).toResolvedValue(PolicyStoreRepository.create, [TOKENS.Store]);
  bind<PolicyTransactionRepository>(TOKENS.PolicyTransactionRepository).toResolvedValue(PolicyTransactionStoreRepository.create, [TOKENS.Store]);
  bind<InvoiceRepository>(TOKENS.InvoiceRepository).toResolvedValue(InvoiceStoreRepository.create, [TOKENS.Store]);

  bind<Submissions>(TOKENS.Submissions).toResolvedValue(
    (submissions: SubmissionRepository, forms: FormReader, reference: UnderwritingReferenceData, producers: ProducerRepository, ids: IdGenerator, clock: Clock) =>
      new Submissions({ submissions, forms, reference, producers, ids, clock }),
    [TOKENS.SubmissionRepository, TOKENS.FormReader, TOKENS.ReferenceData, TOKENS.ProducerRepository, TOKENS.Ids, TOKENS.Clock],
  );
  bind<Quoting>(TOKENS.Quoting).toResolvedValue(
    (submissions: SubmissionRepository, quotes: QuoteRepository, aggregates: AggregateLedger, reference: UnderwritingReferenceData, ids: IdGenerator, clock: Clock) =>
      new Quoting({ submissions, quotes, aggregates, reference, ids, clock }),
    [TOKENS.SubmissionRepository, TOKENS.QuoteRepository, TOKENS.AggregateLedger, TOKENS.ReferenceData, TOKENS.Ids, TOKENS.Clock],
  );
  const issuance = [TOKENS.PolicyRepository, TOKENS.PolicyTransactionRepository, TOKENS.InvoiceRepository, TOKENS.Sequences, TOKENS.Ids, TOKENS.Clock, TOKENS.AggregateLedger, TOKENS.ReferenceData] as const;
  type IssuanceArgs = [PolicyRepository, PolicyTransactionRepository, InvoiceRepository, SequenceGenerator, IdGenerator, Clock, AggregateLedger, UnderwritingReferenceData];
  const issuanceDeps = (...[policies, transactions, invoices, sequences, ids, clock, aggregates, reference]: IssuanceArgs) => ({
    policies,
    transactions,
    invoices,
    sequences,
    ids,
    clock,
    aggregates,
    reference,
  });
  bind<Binding>(TOKENS.Binding).toResolvedValue(
    (submissions: SubmissionRepository, quotes: QuoteRepository, ...rest: IssuanceArgs) => new Binding({ submissions, quotes, ...issuanceDeps(...rest) }),
    [TOKENS.SubmissionRepository, TOKENS.QuoteRepository, ...issuance] as const,
  );
  bind<PolicyLifecycle>(TOKENS.PolicyLifecycle).toResolvedValue((...args: IssuanceArgs) => new PolicyLifecycle(issuanceDeps(...args)), [...issuance]);
  bind<PaymentRepository>(TOKENS.PaymentRepository).toResolvedValue(PaymentStoreRepository.create, [TOKENS.Store]);
  bind<InvoiceSettlement>(TOKENS.InvoiceSettlement).toResolvedValue(
    (invoices: InvoiceRepository, payments: PaymentRepository, ids: IdGenerator, clock: Clock, audit: AuditTrail, collection: PremiumCollection) =>
      new InvoiceSettlement({ invoices, payments, ids, clock, audit, collection }),
    [TOKENS.InvoiceRepository, TOKENS.PaymentRepository, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail, TOKENS.PremiumCollection],
  );
  bind<Invoices>(TOKENS.Invoices).toResolvedValue((invoices: InvoiceRepository, payments: PaymentRepository) => new Invoices(invoices, payments), [TOKENS.InvoiceRepository, TOKENS.PaymentRepository]);
});
