import { organizationRoutes } from '../adapters/http/tenancy/organizations.routes.ts';
import { OrganizationStoreRepository } from '../adapters/persistence/tenancy/organization.store-repository.ts';
import { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Organizations (tenants). */
export const tenancyModule = (): ContextModule => ({
  name: 'tenancy',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.OrganizationRepository, [TOKENS.Store], OrganizationStoreRepository.create);
    wire.factory(
      TOKENS.Organizations,
      [TOKENS.OrganizationRepository, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
      (organizations, ids, clock, audit) => new Organizations({ organizations, ids, clock, audit }),
    );
  }),
  routes: async (resolve) => organizationRoutes(await resolve(TOKENS.Organizations), await resolve(TOKENS.DocumentLibrary)),
});
