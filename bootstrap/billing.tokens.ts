import type { CardPayments } from '../ports/billing/card-payments.use-case.ts';
import type { PaymentRefunds } from '../ports/billing/payment-refunds.use-case.ts';
import type { CommissionRepository, LedgerRepository } from '../ports/billing/commission.repositories.ts';
import type { CreditSettlement } from '../ports/billing/credit-settlement.use-case.ts';
import type { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import type { FinancialAlertQueue, FinancialIncidentLog, ManualReviewQueue } from '../ports/billing/financial-alerts.port.ts';
import type { FinancialSteps } from '../ports/billing/financial-steps.ts';
import type { InvoicePayments } from '../ports/billing/invoice-payments.use-case.ts';
import type { InvoiceRepository, PaymentRepository } from '../ports/billing/invoice.repository.ts';
import type { Invoices } from '../ports/billing/invoices.use-case.ts';
import type { PaymentAttemptRepository } from '../ports/billing/payment-attempt.repository.ts';
import type { PaymentGateway } from '../ports/billing/payment-gateway.port.ts';
import type { PolicyLookup, PremiumBooks } from '../ports/billing/premium-books.use-case.ts';
import type { PaymentBookkeeping } from '../ports/billing/payment-bookkeeping.use-case.ts';
import type { ProcessorPaymentEvents } from '../ports/billing/processor-payment-events.handler.ts';
import type { PolicyAccounts } from '../ports/billing/policy-accounts.use-case.ts';
import type { CommissionChanges } from '../ports/billing/commission-changes.use-case.ts';
import type { AccountingPeriods } from '../ports/billing/accounting-periods.use-case.ts';
import type { PeriodBookRepository } from '../ports/billing/period-book.repository.ts';
import type { InvoiceWriteOffs } from '../ports/billing/invoice-write-offs.use-case.ts';
import type { ProducerCommissions } from '../ports/billing/producer-commissions.use-case.ts';
import type { JournalRepository, ProducerPayoutRepository } from '../ports/billing/producer-payouts.repository.ts';
import type { KeptReceivables } from '../ports/billing/kept-receivables.port.ts';
import { token } from './wiring.ts';

/** Invoices, payments, refunds and credits, commissions, the ledger and financial alerts. Each key is typed by the port bound to it in `billing.module.ts`. */
export const BILLING = {
  InvoiceRepository: token<InvoiceRepository>('InvoiceRepository'),
  PaymentRepository: token<PaymentRepository>('PaymentRepository'),
  KeptReceivables: token<KeptReceivables>('KeptReceivables'),
  PaymentAttemptRepository: token<PaymentAttemptRepository>('PaymentAttemptRepository'),
  CommissionRepository: token<CommissionRepository>('CommissionRepository'),
  LedgerRepository: token<LedgerRepository>('LedgerRepository'),
  FinancialAlerts: token<FinancialAlertQueue>('FinancialAlertQueue'),
  FinancialIncidents: token<FinancialIncidentLog>('FinancialIncidentLog'),
  ManualReviews: token<ManualReviewQueue>('ManualReviewQueue'),
  FinancialSteps: token<FinancialSteps>('FinancialSteps'),
  PaymentGateway: token<PaymentGateway>('PaymentGateway'),
  Invoices: token<Invoices>('Invoices'),
  InvoicePayments: token<InvoicePayments>('InvoicePayments'),
  PremiumBooks: token<PremiumBooks>('PremiumBooks'),
  /** The policies as billing reads them (`PolicyLookup`), contributed by the context that keeps policies (`wire.contribute`). */
  PolicyLookups: token<PolicyLookup>('PolicyLookups'),
  /** Every contributed lookup read as one (`anyPolicyLookup`): what billing's use cases ask. */
  Policies: token<PolicyLookup>('BilledPolicies'),
  PaymentBookkeeping: token<PaymentBookkeeping>('PaymentBookkeeping'),
  CardPayments: token<CardPayments>('CardPayments'),
  PaymentRefunds: token<PaymentRefunds>('PaymentRefunds'),
  CreditSettlement: token<CreditSettlement>('CreditSettlement'),
  FinancialAlertDispatch: token<FinancialAlertDispatch>('FinancialAlertDispatch'),
  PolicyAccounts: token<PolicyAccounts>('PolicyAccounts'),
  CommissionChanges: token<CommissionChanges>('CommissionChanges'),
  ProcessorPaymentEvents: token<ProcessorPaymentEvents>('ProcessorPaymentEvents'),
  PeriodBooks: token<PeriodBookRepository>('PeriodBookRepository'),
  AccountingPeriods: token<AccountingPeriods>('AccountingPeriods'),
  InvoiceWriteOffs: token<InvoiceWriteOffs>('InvoiceWriteOffs'),
  Journal: token<JournalRepository>('JournalRepository'),
  ProducerPayouts: token<ProducerPayoutRepository>('ProducerPayoutRepository'),
  ProducerCommissions: token<ProducerCommissions>('ProducerCommissions'),
} as const;
