import { flagRoutes } from '../adapters/http/flags/flags.routes.ts';
import { FlagOverrideStoreRepository } from '../adapters/persistence/flags/flag-override.store-repository.ts';
import { loadFlagDefinitions } from '../adapters/reference-data/flag-definitions.ts';
import { FeatureFlags } from '../ports/flags/feature-flags.use-case.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Feature flags: defaults from fixtures, values per organization, and the gate of flagged routes. */
export const flagsModule = (): ContextModule => ({
  name: 'flags',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.FlagOverrideRepository, [TOKENS.Store], FlagOverrideStoreRepository.create);
    wire.factory(
      TOKENS.FeatureFlags,
      [TOKENS.FlagOverrideRepository, TOKENS.AuditTrail, TOKENS.Clock, TOKENS.AccessChanges],
      (overrides, audit, clock, accessChanges) => new FeatureFlags({ definitions: loadFlagDefinitions(), overrides, audit, clock, accessChanges }),
    );
  }),
  routes: async (resolve) => flagRoutes(await resolve(TOKENS.FeatureFlags)),
});
