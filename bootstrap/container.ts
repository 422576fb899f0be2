import { Container } from 'inversify';
import type { Logger } from 'pino';
import { PromMetrics } from '../adapters/metrics/prom-metrics.ts';
import type { ServiceMetrics } from '../ports/shared/metrics.port.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { analyticsModule } from './analytics.module.ts';
import { auditModule } from './audit.module.ts';
import { authorizationModule } from './authorization.module.ts';
import { billingModule } from './billing.module.ts';
import { claimsModule } from './claims.module.ts';
import { complianceModule } from './compliance.module.ts';
import type { AppConfig } from './config.ts';
import { dealRoomsModule } from './deal-rooms.module.ts';
import { documentsModule } from './documents.module.ts';
import { esignModule } from './esign.module.ts';
import { flagsModule } from './flags.module.ts';
import { identityModule } from './identity.module.ts';
import { inboundModule } from './inbound.module.ts';
import { platformModule } from './platform.module.ts';
import { policyModule } from './policy.module.ts';
import { portalModule } from './portal.module.ts';
import { producersModule } from './producers.module.ts';
import { rateLimitModule } from './rate-limit.module.ts';
import { referralsModule } from './referrals.module.ts';
import { reportsModule } from './reports.module.ts';
import { tenancyModule } from './tenancy.module.ts';
import { underwritingModule } from './underwriting.module.ts';
import { webhooksModule } from './webhooks.module.ts';
import { resolverOf, type ContextModule, type Resolve } from './wiring.ts';

/**
 * Every bounded context, in the order its routes appear in the API description. Each name is
 * the folder of the context in core/, ports/, adapters/http/, adapters/persistence/, jobs/ and
 * test/, and the prefix of its two files here (`<name>.module.ts`, `<name>.tokens.ts`).
 */
export const contextModules = (config: AppConfig, store: CollectionStore, logger: Logger, metrics: ServiceMetrics = new PromMetrics()): ContextModule[] => [
  platformModule(config, store, logger, metrics),
  auditModule(),
  rateLimitModule(config),
  identityModule(config, logger),
  tenancyModule(config, logger),
  authorizationModule(config),
  underwritingModule(),
  policyModule(config, logger),
  claimsModule(config),
  billingModule(config, logger),
  documentsModule(config, logger),
  portalModule(config, logger),
  flagsModule(),
  esignModule(config),
  webhooksModule(config),
  producersModule(config),
  inboundModule(config),
  dealRoomsModule(config, logger),
  referralsModule(),
  analyticsModule(),
  reportsModule(),
  complianceModule(),
];

/** The composition root: one container holding every context's bindings. */
export const buildContainer = async (modules: readonly ContextModule[]): Promise<{ container: Container; resolve: Resolve }> => {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(...modules.map((module) => module.bindings));
  return { container, resolve: resolverOf(container) };
};
