import { DomainError, validationFailed } from '../domain-error.ts';
import type { Permission } from './permissions.ts';
import { actsAcrossOrganizations, PLATFORM_ORG, type Principal } from './principal.ts';
import { roleAllows } from './roles.ts';

/** Role and scope check for a route's permission; denial is a stable error code. */
export const authorize = (principal: Principal, permission: Permission): void => {
  switch (principal.kind) {
    case 'machine':
      return;
    case 'api_key':
      if (!principal.scopes.includes(permission)) {
        throw new DomainError('insufficient_scope', `The API key lacks the '${permission}' scope.`, { requiredScope: permission });
      }
      return;
    case 'policyholder':
      if (!roleAllows('policyholder', permission)) {
        throw new DomainError('forbidden', 'Policyholder tokens may only use the policyholder portal.', { requiredPermission: permission });
      }
      return;
    case 'user':
      if (principal.pendingProducer) {
        throw new DomainError('forbidden', 'This producer account gets access once identity verification has activated it.', {
          requiredPermission: permission,
        });
      }
      if (!roleAllows(principal.role, permission)) {
        throw new DomainError('forbidden', `Role '${principal.role}' may not use '${permission}'.`, { requiredPermission: permission });
      }
  }
};

/**
 * The organization a request acts on. Tenant-bound credentials always act on their own
 * organization; naming another one answers exactly like a missing resource.
 */
export const resolveOrganization = (principal: Principal, requested: string | undefined): string => {
  if (actsAcrossOrganizations(principal)) {
    const home = principal.kind === 'user' && principal.orgId !== PLATFORM_ORG ? principal.orgId : undefined;
    const target = requested ?? home;
    if (!target) throw validationFailed('orgId', 'required', "'orgId' is required when acting across organizations.");
    return target;
  }
  const own = principal.kind === 'machine' ? '' : principal.orgId;
  if (requested !== undefined && requested !== own) throw new DomainError('not_found', 'Organization not found.');
  return own;
};
