import { Container } from 'inversify';
import type { Logger } from 'pino';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { claimsModule } from './claims.module.ts';
import { authorizationModule } from './authorization.module.ts';
import { billingModule } from './billing.module.ts';
import type { AppConfig } from './config.ts';
import { documentsModule } from './documents.module.ts';
import { esignModule } from './esign.module.ts';
import { identityModule } from './identity.module.ts';
import { portalModule } from './portal.module.ts';
import { flagsModule } from './flags.module.ts';
import { inboundModule } from './inbound.module.ts';
import { platformModule } from './platform.module.ts';
import { policyModule } from './policy.module.ts';
import { producersModule } from './producers.module.ts';
import { tenancyModule } from './tenancy.module.ts';
import { underwritingModule } from './underwriting.module.ts';
import { webhooksModule } from './webhooks.module.ts';
import { collaborationModule } from './collaboration.module.ts';
import { PromMetrics } from '../adapters/metrics/prom-metrics.ts';
import { oversightModule } from './oversight.module.ts';
import { resolverOf, type ContextModule, type Resolve } from './wiring.ts';

/** Every bounded context, in the order its routes appear in the API description. */
export const contextModules = (config: AppConfig, store: CollectionStore, logger: Logger, metrics: PromMetrics = new PromMetrics()): ContextModule[] => [
  platformModule(config, store, logger, metrics),
  identityModule(config, logger),
  tenancyModule(),
  authorizationModule(config),
  underwritingModule(),
  policyModule(),
  claimsModule(config),
  billingModule(config, logger),
  documentsModule(config, logger),
  portalModule(config),
  flagsModule(),
  esignModule(),
  webhooksModule(config),
  producersModule(),
  inboundModule(config),
  collaborationModule(config, logger),
  oversightModule(),
];

/** The composition root: one container holding every context's bindings. */
export const buildContainer = async (modules: readonly ContextModule[]): Promise<{ container: Container; resolve: Resolve }> => {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(...modules.map((module) => module.bindings));
  return { container, resolve: resolverOf(container) };
};
