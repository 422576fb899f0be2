import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PdfFormReaderPool } from '../adapters/documents/pdf-form-reader.pool.ts';
import { UploadStager } from '../adapters/http/kernel/upload-stager.ts';
import type { Logger } from 'pino';
import { auditRoutes } from '../adapters/http/audit/audit.routes.ts';
import { authServiceRoutes } from '../adapters/http/auth-service/auth-service.routes.ts';
import { apiKeyRoutes } from '../adapters/http/identity/api-keys.routes.ts';
import { tokenRoutes } from '../adapters/http/identity/token.routes.ts';
import { userRoutes } from '../adapters/http/identity/users.routes.ts';
import { HttpServer } from '../adapters/http/kernel/http-server.ts';
import { RequestPipeline } from '../adapters/http/kernel/request-pipeline.ts';
import type { RouteDefinition } from '../adapters/http/kernel/route.ts';
import { buildOpenApiDocument } from '../adapters/http/openapi/openapi-document.ts';
import { healthRoutes, openApiRoute } from '../adapters/http/platform/health.routes.ts';
import { organizationRoutes } from '../adapters/http/tenancy/organizations.routes.ts';
import { invoiceRoutes, type LocalPaymentConfirmer } from '../adapters/http/billing/invoices.routes.ts';
import { LocalPaymentConfirmation } from '../adapters/payments/local-payment-confirmation.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import type { PaymentGateway } from '../ports/billing/payment-gateway.port.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import { financeRoutes } from '../adapters/http/billing/finance.routes.ts';
import { esignRoutes } from '../adapters/http/esign/esign.routes.ts';
import { documentRoutes } from '../adapters/http/documents/documents.routes.ts';
import type { DocumentLibrary } from '../ports/documents/document-library.use-cases.ts';
import type { CardPayments } from '../ports/billing/card-payments.use-cases.ts';
import type { FinancialAlertDispatch } from '../ports/billing/financial-alert-dispatch.use-case.ts';
import { financialAlertsJob } from '../jobs/financial-alerts.job.ts';
import type { CommissionRepository, LedgerRepository } from '../ports/billing/commission.repositories.ts';
import type { FinancialIncidentLog } from '../ports/billing/financial-alerts.port.ts';
import type { Envelopes } from '../ports/esign/envelopes.use-cases.ts';
import { policyRoutes } from '../adapters/http/policy/policies.routes.ts';
import { submissionRoutes } from '../adapters/http/underwriting/submissions.routes.ts';
import type { Invoices } from '../ports/billing/invoices.use-cases.ts';
import type { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-cases.ts';
import { webhookRoutes } from '../adapters/http/webhooks/webhooks.routes.ts';
import { producerRoutes } from '../adapters/http/producers/producers.routes.ts';
import type { Producers } from '../ports/producers/producers.use-cases.ts';
import { inboundRoutes, type InboundEndpoint } from '../adapters/http/inbound/inbound.routes.ts';
import type { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import { INBOUND_ENDPOINTS } from './inbound.module.ts';
import type { AgendaJobRunner } from '../adapters/jobs/agenda-job-runner.ts';
import type { Webhooks } from '../ports/webhooks/webhooks.use-cases.ts';
import type { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-cases.ts';
import type { Binding } from '../ports/underwriting/binding.use-case.ts';
import type { Quoting } from '../ports/underwriting/quoting.use-cases.ts';
import type { Submissions } from '../ports/underwriting/submissions.use-cases.ts';
import type { AuditLog } from '../ports/audit/audit-log.port.ts';
import type { ApiKeys } from '../ports/identity/api-keys.use-cases.ts';
import type { AuthSessions } from '../ports/identity/auth-sessions.use-cases.ts';
import type { EmailVerifications } from '../ports/identity/email-verifications.use-cases.ts';
import type { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import type { Users } from '../ports/identity/users.use-cases.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import type { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import type { Organizations } from '../ports/tenancy/organizations.use-cases.ts';
import { TOKENS } from '../ports/tokens.ts';
import type { AppConfig } from './config.ts';
import { buildContainer } from './container.ts';
import { createAccessLogger, createLogger } from './logger.ts';
import { openStore } from './open-store.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const urlOf = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The one line a newcomer reads: where the service answers, and what it runs on (never a secret's value). */
const startLine = (fields: { apiUrl: string; authUrl: string; environment: string; store: string; dataDir: string; secretsFile?: string }): string =>
  [
    `API ${fields.apiUrl}`,
    `auth ${fields.authUrl}`,
    `environment ${fields.environment}`,
    `store ${fields.store === 'embedded' ? `embedded in ${fields.dataDir}` : fields.store}`,
    ...(fields.secretsFile ? [`secrets file ${fields.secretsFile}`] : []),
  ].join(' · ');

/** A port another program holds is said in one line, with the setting that moves it. */
const listenOrExplain = async (server: HttpServer, name: string, setting: string, port: number, host: string): Promise<number> => {
  try {
    return await server.listen(port, host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`The ${name} port ${port} on ${host} is already in use; stop the program using it or set ${setting} to a free port.`);
    if (code === 'EACCES') throw new Error(`The ${name} may not listen on port ${port} on ${host}; set ${setting} to a port above 1023.`);
    throw error;
  }
};

/** In `local` with the local gateway, a card payment can be completed without a processor calling back. */
const localPaymentConfirmer = async (config: AppConfig, resolve: <T>(token: symbol) => Promise<T>): Promise<LocalPaymentConfirmer | null> => {
  const gateway = await resolve<PaymentGateway>(TOKENS.PaymentGateway);
  if (config.environment !== 'local' || !(gateway instanceof LocalPaymentGateway)) return null;
  const endpoint = (await resolve<InboundEndpoint[]>(INBOUND_ENDPOINTS)).find((candidate) => candidate.receiver.provider === 'payment-processor');
  if (!endpoint) return null;
  const confirmation = new LocalPaymentConfirmation({
    gateway,
    pipeline: await resolve<InboundPipeline>(TOKENS.InboundPipeline),
    receiver: endpoint.receiver,
    webhookSecret: config.secrets.stripeWebhookSecret,
    clock: await resolve<Clock>(TOKENS.Clock),
  });
  return (input) => confirmation.confirm(input);
};

export interface RunningApp {
  readonly apiPort: number;
  readonly authPort: number;
  readonly store: DocumentStore;
  readonly logger: Logger;
  /** Graceful: stop accepting, finish requests in progress, close the store. */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly logger?: Logger;
  readonly store?: DocumentStore;
}

export const startApp = async (config: AppConfig, options: StartOptions = {}): Promise<RunningApp> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  const store = options.store ?? (await openStore(config));
  const container = await buildContainer(config, store, logger);
  const resolve = <T>(token: symbol): Promise<T> => container.getAsync<T>(token);

  const sessions = await resolve<AuthSessions>(TOKENS.AuthSessions);
  const authRoutes = authServiceRoutes(sessions, await resolve<EmailVerifications>(TOKENS.EmailVerifications), config.environment !== 'local');
  const apiRoutes: RouteDefinition[] = [
    ...healthRoutes(store),
    ...tokenRoutes(sessions),
    ...organizationRoutes(await resolve<Organizations>(TOKENS.Organizations)),
    ...userRoutes(await resolve<Users>(TOKENS.Users)),
    ...apiKeyRoutes(await resolve<ApiKeys>(TOKENS.ApiKeys)),
    ...auditRoutes(await resolve<AuditLog>(TOKENS.AuditLog)),
    ...submissionRoutes(await resolve<Submissions>(TOKENS.Submissions), await resolve<Quoting>(TOKENS.Quoting), await resolve<Binding>(TOKENS.Binding)),
    ...policyRoutes(await resolve<PolicyLifecycle>(TOKENS.PolicyLifecycle)),
    ...invoiceRoutes(
      await resolve<Invoices>(TOKENS.Invoices),
      await resolve<InvoiceSettlement>(TOKENS.InvoiceSettlement),
      await resolve<CardPayments>(TOKENS.CardPayments),
      await localPaymentConfirmer(config, resolve),
    ),
    ...financeRoutes(
      await resolve<CommissionRepository>(TOKENS.CommissionRepository),
      await resolve<LedgerRepository>(TOKENS.LedgerRepository),
      await resolve<FinancialIncidentLog>(TOKENS.FinancialIncidents),
    ),
    ...esignRoutes(await resolve<Envelopes>(TOKENS.Envelopes)),
    ...documentRoutes(await resolve<DocumentLibrary>(TOKENS.DocumentLibrary), config.publicBaseUrl),
    ...webhookRoutes(await resolve<Webhooks>(TOKENS.Webhooks)),
    ...producerRoutes(await resolve<Producers>(TOKENS.Producers)),
    ...inboundRoutes(await resolve<InboundPipeline>(TOKENS.InboundPipeline), await resolve<InboundEndpoint[]>(INBOUND_ENDPOINTS)),
  ];
  const jobs = await resolve<AgendaJobRunner>(TOKENS.JobRunner);
  const pdfForms = await resolve<PdfFormReaderPool>(TOKENS.FormReader);
  jobs.register([financialAlertsJob(await resolve<FinancialAlertDispatch>(TOKENS.FinancialAlertDispatch))]);
  let document: unknown;
  apiRoutes.push(openApiRoute(() => document));
  document = buildOpenApiDocument({
    apiRoutes,
    authServiceRoutes: authRoutes,
    apiBaseUrl: config.publicBaseUrl,
    authBaseUrl: config.authBaseUrl,
    version: VERSION,
  });

  const accessLogger = createAccessLogger(logger);
  const uploads = new UploadStager(join(config.dataDir, 'staging'));
  await uploads.clear();
  const pipeline = () =>
    new RequestPipeline({
      authenticate: container.get<Authenticate>(TOKENS.Authenticate),
      rateLimiter: container.get<RateLimiter>(TOKENS.RateLimiter),
      logger,
      accessLogger,
      trustedProxyHops: config.trustedProxyHops,
      uploads,
      strictTransportSecurity: config.environment === 'production',
    });
  await resolve(TOKENS.Authenticate);
  await resolve(TOKENS.RateLimiter);
  const api = new HttpServer('api', apiRoutes, pipeline(), logger, config.http);
  // The authentication service answers the same health and readiness probes as the API.
  const auth = new HttpServer('auth', [...healthRoutes(store), ...authRoutes], pipeline(), logger, config.http);
  const stopAll = async () => {
    await Promise.all([api.stop(), auth.stop()]);
    await jobs.stop();
    await pdfForms.close();
    await store.close();
  };
  let apiPort: number;
  let authPort: number;
  try {
    await jobs.start();
    apiPort = await listenOrExplain(api, 'API', 'PORT', config.port, config.host);
    authPort = await listenOrExplain(auth, 'authentication service', 'AUTH_PORT', config.authPort, config.host);
  } catch (error) {
    // Nothing stays behind: the other server, the jobs, the worker threads and the data directory lock are released.
    await stopAll().catch(() => {});
    throw error;
  }
  const started = {
    apiUrl: urlOf(config.host, apiPort),
    authUrl: urlOf(config.host, authPort),
    environment: config.environment,
    store: store.engine,
    dataDir: config.dataDir,
    ...(config.secretsFile ? { secretsFile: config.secretsFile } : {}),
  };
  logger.info(started, startLine(started));

  let stopping: Promise<void> | null = null;
  return {
    apiPort,
    authPort,
    store,
    logger,
    stop: () =>
      (stopping ??= (async () => {
        await stopAll();
        logger.info('stopped');
        logger.flush();
      })()),
  };
};
