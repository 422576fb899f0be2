import type { AgendaJobRunner } from '../adapters/jobs/agenda-job-runner.ts';
import type { PdfWorkerPool } from '../adapters/documents/pdf-worker.pool.ts';
import type { Certificates } from '../ports/documents/certificates.use-case.ts';
import type { ChromiumRenderer } from '../adapters/documents/chromium-renderer.ts';
import type { PdfRendering } from '../ports/documents/pdf-rendering.use-case.ts';
import type { DocumentIngestion } from '../ports/documents/document-ingestion.use-case.ts';
import type { AuditLog } from '../ports/audit/audit-log.port.ts';
import type { CardPayments } from '../ports/billing/card-payments.use-case.ts';
import type { CommissionRepository, LedgerRepository } from '../ports/billing/commission.repositories.ts';
import type { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import type { FinancialAlertQueue, FinancialIncidentLog, ManualReviewQueue } from '../ports/billing/financial-alerts.port.ts';
import type { FinancialSteps } from '../ports/billing/financial-steps.ts';
import type { InvoiceRepository, PaymentRepository } from '../ports/billing/invoice.repository.ts';
import type { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-case.ts';
import type { Invoices } from '../ports/billing/invoices.use-case.ts';
import type { PaymentAttemptRepository } from '../ports/billing/payment-attempt.repository.ts';
import type { PaymentGateway } from '../ports/billing/payment-gateway.port.ts';
import type { CreditSettlement } from '../ports/billing/credit-settlement.use-case.ts';
import type { PremiumBooks } from '../ports/billing/premium-books.use-case.ts';
import type { PremiumCollection } from '../ports/billing/premium-collection.use-case.ts';
import type { ProcessorPaymentEvents } from '../ports/billing/processor-payment-events.handler.ts';
import type { DocumentLibrary } from '../ports/documents/document-library.use-case.ts';
import type { DocumentRepository } from '../ports/documents/document.repository.ts';
import type { FileStorage } from '../ports/documents/file-storage.port.ts';
import type { Envelopes } from '../ports/esign/envelopes.use-case.ts';
import type { EnvelopeRepository, ESignatureProvider } from '../ports/esign/esign.ports.ts';
import type { ApiKeyRepository } from '../ports/identity/api-key.repository.ts';
import type { ApiKeys } from '../ports/identity/api-keys.use-case.ts';
import type { AuthSessions } from '../ports/identity/auth-sessions.use-case.ts';
import type { EnterpriseSignIn, PendingEnterpriseLogins } from '../ports/identity/enterprise-sign-in.use-case.ts';
import type { PolicyholderCodeRepository } from '../ports/identity/policyholder-code.repository.ts';
import type { PolicyholderSignIn } from '../ports/identity/policyholder-sign-in.use-case.ts';
import type { InsuredProfileRepository, PushTokenRepository } from '../ports/portal/insured-profile.repository.ts';
import type { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import type { FeatureFlags, FlagOverrideRepository } from '../ports/flags/feature-flags.use-case.ts';
import type { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import type { PasswordHasher, SecretTools, TokenSigner } from '../ports/identity/credential-crypto.port.ts';
import type { EmailVerificationRepository } from '../ports/identity/email-verification.repository.ts';
import type { EmailVerifications } from '../ports/identity/email-verifications.use-case.ts';
import type { SessionRepository } from '../ports/identity/session.repository.ts';
import type { SessionStatusCache } from '../ports/identity/session-status.cache.ts';
import type { AccessChanges } from '../ports/shared/access-changes.ts';
import type { SpentTicketStoreRepository } from '../adapters/persistence/deal-rooms/spent-ticket.store-repository.ts';
import type { StorageUsageStoreRepository } from '../adapters/persistence/documents/storage-usage.store-repository.ts';
import type { UserRepository } from '../ports/identity/user.repository.ts';
import type { Users } from '../ports/identity/users.use-case.ts';
import type { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../ports/inbound/inbound.ports.ts';
import type { Mailer } from '../ports/shared/mailer.port.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { PolicyPremium } from '../ports/policy/policy-premium.use-case.ts';
import type { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-case.ts';
import type { PolicyRepository, PolicyTransactionRepository } from '../ports/policy/policy.repositories.ts';
import type { AppointmentRepository, ProducerRepository } from '../ports/producers/producer.repositories.ts';
import type { Producers } from '../ports/producers/producers.use-case.ts';
import type { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import type { WindowCounter } from '../ports/rate-limit/window-counter.port.ts';
import type { AuditTrail } from '../ports/shared/audit-trail.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import type { OrganizationRepository } from '../ports/tenancy/organization.repository.ts';
import type { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import type { Binding } from '../ports/policy/binding.use-case.ts';
import type { Quoting } from '../ports/underwriting/quoting.use-case.ts';
import type { ClaimRepository } from '../ports/claims/claim.repository.ts';
import type { ClaimAttachments } from '../ports/claims/claim-attachments.use-case.ts';
import type { ClaimSettlements } from '../ports/claims/claim-settlements.use-case.ts';
import type { Claims } from '../ports/claims/claims.use-case.ts';
import type { AuthorizationGraph } from '../ports/authorization/authorization-graph.port.ts';
import type { ReadAudit } from '../ports/authorization/read-audit.ts';
import type { RecordAccess } from '../ports/authorization/record-access.ts';
import type { RecordRelationships } from '../ports/authorization/record-relationships.ts';
import type { UnderwritingReferenceData } from '../ports/underwriting/reference-data.port.ts';
import type { ProgramRepository, Programs } from '../ports/underwriting/programs.use-case.ts';
import type { ReferralApprovals } from '../ports/underwriting/referral-approvals.port.ts';
import type { DealMessageRepository, DealRoomRepository } from '../ports/deal-rooms/deal-room.ports.ts';
import type { DealRooms } from '../ports/deal-rooms/deal-rooms.use-case.ts';
import type { Analytics } from '../ports/analytics/analytics.use-case.ts';
import type { IdempotencyKeys } from '../ports/shared/idempotency-keys.port.ts';
import type { PromMetrics } from '../adapters/metrics/prom-metrics.ts';
import type { DailyNotices } from '../ports/compliance/daily-notices.port.ts';
import type { ScheduledJobs } from '../ports/platform/scheduled-jobs.use-case.ts';
import type { ReferralRepository, Referrals } from '../ports/referrals/referrals.use-case.ts';
import type { Submissions } from '../ports/underwriting/submissions.use-case.ts';
import type { WrittenPremiumCounter, QuoteRepository, SubmissionRepository } from '../ports/underwriting/underwriting.repositories.ts';
import type { Webhooks } from '../ports/webhooks/webhooks.use-case.ts';
import type { LocalPaymentConfirmer } from '../adapters/http/billing/invoices.routes.ts';
import type { SequenceGenerator } from '../ports/shared/sequence-generator.port.ts';
import { token } from './wiring.ts';

/** Container keys, each typed with what is bound to it, grouped by the context module that binds it. */
export const TOKENS = {
  // platform
  Store: token<CollectionStore>('CollectionStore'),
  IdempotencyKeys: token<IdempotencyKeys>('IdempotencyKeys'),
  Metrics: token<PromMetrics>('Metrics'),
  Clock: token<Clock>('Clock'),
  Ids: token<IdGenerator>('IdGenerator'),
  SecretTools: token<SecretTools>('SecretTools'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  TokenSigner: token<TokenSigner>('TokenSigner'),
  AuditLog: token<AuditLog>('AuditLog'),
  AuditTrail: token<AuditTrail>('AuditTrail'),
  RateWindows: token<WindowCounter>('RateWindows'),
  SignInAttempts: token<WindowCounter>('SignInAttempts'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  JobRunner: token<AgendaJobRunner>('JobRunner'),
  Mailer: token<Mailer>('Mailer'),
  // identity
  UserRepository: token<UserRepository>('UserRepository'),
  SessionRepository: token<SessionRepository>('SessionRepository'),
  SessionStatus: token<SessionStatusCache>('SessionStatusCache'),
  AccessChanges: token<AccessChanges>('AccessChanges'),
  SpentTickets: token<SpentTicketStoreRepository>('SpentTickets'),
  StorageUsage: token<StorageUsageStoreRepository>('StorageUsage'),
  ApiKeyRepository: token<ApiKeyRepository>('ApiKeyRepository'),
  EmailVerificationRepository: token<EmailVerificationRepository>('EmailVerificationRepository'),
  Authenticate: token<Authenticate>('Authenticate'),
  AuthSessions: token<AuthSessions>('AuthSessions'),
  EnterpriseLogins: token<PendingEnterpriseLogins>('EnterpriseLogins'),
  EnterpriseSignIn: token<EnterpriseSignIn | null>('EnterpriseSignIn'),
  PolicyholderCodeRepository: token<PolicyholderCodeRepository>('PolicyholderCodeRepository'),
  PolicyholderSignIn: token<PolicyholderSignIn>('PolicyholderSignIn'),
  InsuredProfileRepository: token<InsuredProfileRepository>('InsuredProfileRepository'),
  PushTokenRepository: token<PushTokenRepository>('PushTokenRepository'),
  PolicyholderPortal: token<PolicyholderPortal>('PolicyholderPortal'),
  FlagOverrideRepository: token<FlagOverrideRepository>('FlagOverrideRepository'),
  FeatureFlags: token<FeatureFlags>('FeatureFlags'),
  EmailVerifications: token<EmailVerifications>('EmailVerifications'),
  Users: token<Users>('Users'),
  ApiKeys: token<ApiKeys>('ApiKeys'),
  // tenancy
  OrganizationRepository: token<OrganizationRepository>('OrganizationRepository'),
  Organizations: token<Organizations>('Organizations'),
  // claims
  ClaimRepository: token<ClaimRepository>('ClaimRepository'),
  Claims: token<Claims>('Claims'),
  ClaimSettlements: token<ClaimSettlements>('ClaimSettlements'),
  ClaimAttachments: token<ClaimAttachments>('ClaimAttachments'),
  // authorization
  AuthorizationGraph: token<AuthorizationGraph>('AuthorizationGraph'),
  RecordRelationships: token<RecordRelationships>('RecordRelationships'),
  RecordAccess: token<RecordAccess>('RecordAccess'),
  ReadAudit: token<ReadAudit>('ReadAudit'),
  // producers
  ProducerRepository: token<ProducerRepository>('ProducerRepository'),
  AppointmentRepository: token<AppointmentRepository>('AppointmentRepository'),
  Producers: token<Producers>('Producers'),
  // underwriting
  ReferenceData: token<UnderwritingReferenceData>('UnderwritingReferenceData'),
  ProgramRepository: token<ProgramRepository>('ProgramRepository'),
  ReferralApprovals: token<ReferralApprovals>('ReferralApprovals'),
  // collaboration
  DealRoomRepository: token<DealRoomRepository>('DealRoomRepository'),
  DealMessageRepository: token<DealMessageRepository>('DealMessageRepository'),
  DealRooms: token<DealRooms>('DealRooms'),
  ReferralRepository: token<ReferralRepository>('ReferralRepository'),
  Referrals: token<Referrals>('Referrals'),
  // oversight
  Analytics: token<Analytics>('Analytics'),
  DailyNotices: token<DailyNotices>('DailyNotices'),
  ScheduledJobs: token<ScheduledJobs>('ScheduledJobs'),
  Programs: token<Programs>('Programs'),
  SubmissionRepository: token<SubmissionRepository>('SubmissionRepository'),
  QuoteRepository: token<QuoteRepository>('QuoteRepository'),
  WrittenPremiumCounter: token<WrittenPremiumCounter>('WrittenPremiumCounter'),
  Submissions: token<Submissions>('Submissions'),
  Quoting: token<Quoting>('Quoting'),
  Binding: token<Binding>('Binding'),
  // policy
  Sequences: token<SequenceGenerator>('SequenceGenerator'),
  PolicyRepository: token<PolicyRepository>('PolicyRepository'),
  PolicyTransactionRepository: token<PolicyTransactionRepository>('PolicyTransactionRepository'),
  PolicyLifecycle: token<PolicyLifecycle>('PolicyLifecycle'),
  PolicyPremium: token<PolicyPremium>('PolicyPremium'),
  // billing
  InvoiceRepository: token<InvoiceRepository>('InvoiceRepository'),
  PaymentRepository: token<PaymentRepository>('PaymentRepository'),
  Invoices: token<Invoices>('Invoices'),
  InvoiceSettlement: token<InvoiceSettlement>('InvoiceSettlement'),
  PaymentGateway: token<PaymentGateway>('PaymentGateway'),
  PaymentAttemptRepository: token<PaymentAttemptRepository>('PaymentAttemptRepository'),
  CommissionRepository: token<CommissionRepository>('CommissionRepository'),
  LedgerRepository: token<LedgerRepository>('LedgerRepository'),
  FinancialAlerts: token<FinancialAlertQueue>('FinancialAlertQueue'),
  FinancialIncidents: token<FinancialIncidentLog>('FinancialIncidentLog'),
  ManualReviews: token<ManualReviewQueue>('ManualReviewQueue'),
  FinancialSteps: token<FinancialSteps>('FinancialSteps'),
  PremiumCollection: token<PremiumCollection>('PremiumCollection'),
  PremiumBooks: token<PremiumBooks>('PremiumBooks'),
  CreditSettlement: token<CreditSettlement>('CreditSettlement'),
  CardPayments: token<CardPayments>('CardPayments'),
  FinancialAlertDispatch: token<FinancialAlertDispatch>('FinancialAlertDispatch'),
  // documents
  /** Reads forms and draws the platform's own (one pool of PDF worker threads). */
  PdfWorkers: token<PdfWorkerPool>('PdfWorkers'),
  Certificates: token<Certificates>('Certificates'),
  HtmlRenderer: token<ChromiumRenderer>('HtmlRenderer'),
  PdfRendering: token<PdfRendering>('PdfRendering'),
  DocumentIngestion: token<DocumentIngestion>('DocumentIngestion'),
  FileStorage: token<FileStorage>('FileStorage'),
  DocumentRepository: token<DocumentRepository>('DocumentRepository'),
  DocumentLibrary: token<DocumentLibrary>('DocumentLibrary'),
  // e-signature
  ESignatureProvider: token<ESignatureProvider>('ESignatureProvider'),
  EnvelopeRepository: token<EnvelopeRepository>('EnvelopeRepository'),
  Envelopes: token<Envelopes>('Envelopes'),
  // webhooks
  Webhooks: token<Webhooks>('Webhooks'),
  // inbound
  InboundPipeline: token<InboundPipeline>('InboundPipeline'),
  ProcessorPaymentEvents: token<ProcessorPaymentEvents>('ProcessorPaymentEvents'),
  InboundEndpoints: token<readonly InboundEndpoint[]>('InboundEndpoints'),
  LocalPaymentConfirmer: token<LocalPaymentConfirmer | null>('LocalPaymentConfirmer'),
} as const;
