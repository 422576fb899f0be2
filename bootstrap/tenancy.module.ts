import { organizationRoutes } from '../adapters/http/tenancy/organizations.routes.ts';
import { OrganizationStoreRepository } from '../adapters/persistence/tenancy/organization.store-repository.ts';
import { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Organizations (tenants). */
export const tenancyModule = (): ContextModule => ({
  name: 'tenancy',
  bindings: bindings((wire) => {
    wire.factory(TENANCY.OrganizationRepository, { store: PLATFORM.Store }, ({ store }) => OrganizationStoreRepository.create(store));
    wire.factory(
      TENANCY.Organizations,
      { organizations: TENANCY.OrganizationRepository, ids: PLATFORM.Ids, clock: PLATFORM.Clock, audit: AUDIT.AuditTrail },
      (deps) => new Organizations(deps),
    );
  }),
  routes: async (resolve) => organizationRoutes(await resolve(TENANCY.Organizations), await resolve(DOCUMENTS.DocumentLibrary)),
});
