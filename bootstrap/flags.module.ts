import { flagRoutes } from '../adapters/http/flags/flags.routes.ts';
import { FlagOverrideStoreRepository } from '../adapters/persistence/flags/flag-override.store-repository.ts';
import { loadFlagDefinitions } from '../adapters/reference-data/flag-definitions.ts';
import { FeatureFlags } from '../ports/flags/feature-flags.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { FLAGS } from './flags.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Feature flags: defaults from fixtures, values per organization, and the gate of flagged routes. */
export const flagsModule = (): ContextModule => ({
  name: 'flags',
  bindings: bindings((wire) => {
    wire.factory(FLAGS.FlagOverrideRepository, { store: PLATFORM.Store }, ({ store }) => FlagOverrideStoreRepository.create(store));
    wire.factory(
      FLAGS.FeatureFlags,
      { overrides: FLAGS.FlagOverrideRepository, audit: AUDIT.AuditTrail, clock: PLATFORM.Clock, accessChanges: IDENTITY.AccessChanges },
      (deps) => new FeatureFlags({ ...deps, definitions: loadFlagDefinitions() }),
    );
  }),
  routes: async (resolve) => flagRoutes(await resolve(FLAGS.FeatureFlags)),
});
